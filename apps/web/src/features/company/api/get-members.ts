import { CompanyPaths, type ItemsOf, type Member } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Members = ItemsOf<Member>;

export const getMembers = () => api<Members>(CompanyPaths.members);

export const membersQueryOptions = () => queryOptions({ queryKey: ['companies', 'me', 'members'], queryFn: getMembers });

export const useMembers = () => useQuery(membersQueryOptions());
