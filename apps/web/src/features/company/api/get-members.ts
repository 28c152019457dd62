import { CompanyPaths, Items, Member } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const Members = Items(Member);

export const getMembers = () => api(CompanyPaths.members, { schema: Members });

export const membersQueryOptions = () => queryOptions({ queryKey: ['companies', 'me', 'members'], queryFn: getMembers });

export const useMembers = () => useQuery(membersQueryOptions());
