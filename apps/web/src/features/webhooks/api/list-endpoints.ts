import { WebhookPaths, type WebhookEndpointList } from '@bansi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './keys';

export const listEndpoints = () => api<WebhookEndpointList>(WebhookPaths.endpoints);

export const endpointsQueryOptions = () => queryOptions({ queryKey: webhookKeys.endpoints, queryFn: listEndpoints });

/** The endpoints outgoing events are sent to (staff admins). */
export const useEndpoints = () => useQuery(endpointsQueryOptions());
