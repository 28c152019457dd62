import { WebhookPaths, type WebhookDeliveryPage, type WebhookDeliveryStatus } from '@bansi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './keys';

export const listDeliveries = (status: WebhookDeliveryStatus | undefined, cursor?: string) =>
  api<WebhookDeliveryPage>(WebhookPaths.deliveries, { query: { status, cursor, limit: 20 } });

export const deliveriesQueryOptions = (status: WebhookDeliveryStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(status),
    queryFn: ({ pageParam }) => listDeliveries(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Deliveries of outgoing events, newest first, optionally of one status. */
export const useDeliveries = (status: WebhookDeliveryStatus | undefined) => useInfiniteQuery(deliveriesQueryOptions(status));
