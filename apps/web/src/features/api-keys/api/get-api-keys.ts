import { ApiKeyPaths, type ApiKey, type ItemsOf } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getApiKeys = () => api<ItemsOf<ApiKey>>(ApiKeyPaths.list);

export const apiKeysQueryOptions = () => queryOptions({ queryKey: ['staff', 'api-keys'], queryFn: getApiKeys });

export const useApiKeys = (enabled = true) => useQuery({ ...apiKeysQueryOptions(), enabled });
