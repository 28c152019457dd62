import { CreateBookingRequest } from '@bansi/shared/contracts/bookings';
import { describe, expect, it, vi } from 'vitest';
import { lazyFormResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as never;
const valid = { slotStart: '2026-12-01T09:00:00+07:00', method: 'in_person', documentCount: 2, contactName: 'Noy', contactPhone: '020 5555 1234' };

describe('lazyFormResolver', () => {
  it('loads the shared schema with the first validation and checks the values by it', async () => {
    const load = vi.fn(() => Promise.resolve(CreateBookingRequest));
    const resolver = lazyFormResolver(load);
    expect(load).not.toHaveBeenCalled();

    const refused = await resolver({ ...valid, documentCount: 0, contactName: '' } as never, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(Object.keys(refused.errors).sort()).toEqual(['contactName', 'documentCount']);
    expect(refused.values).toEqual({});

    const accepted = await resolver(valid as never, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toMatchObject({ documentCount: 2, contactName: 'Noy' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again at the next validation when it failed', async () => {
    const load = vi.fn<() => Promise<typeof CreateBookingRequest>>().mockRejectedValue(new Error('offline'));
    const resolver = lazyFormResolver(load);
    await expect(resolver(valid as never, undefined, options)).rejects.toThrow('offline');
    load.mockResolvedValue(CreateBookingRequest);
    const second = await resolver(valid as never, undefined, options);
    expect(second.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
