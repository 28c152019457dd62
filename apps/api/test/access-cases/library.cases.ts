import { API_BASE, LibraryPaths, StaffLibraryDocument } from '@bansi/shared';
import { expect } from 'vitest';
import { loginAs, type Agent, type TestApp } from '../helpers';

/**
 * Access-matrix cases of the reading library. Library documents belong to no company: what a company
 * must never reach is a document staff have not published. Company B names one; the answer is 404, and
 * the document stays unpublished and unread.
 */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

const unpublished: Arrange = async ({ t }) => {
  const staff = await loginAs(t, 'staffAdmin');
  const boundary = 'access-matrix-library';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      field('category', 'law') +
        field('titleLo', 'ຮ່າງກົດໝາຍ') +
        field('version', '0.1') +
        field('documentDate', '2024-01-01') +
        field('published', 'false') +
        `--${boundary}\r\nContent-Disposition: form-data; name="fileBoth"; filename="draft.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.7\n% draft not for companies\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const created = await staff.inject({
    method: 'POST',
    url: `${API_BASE}${LibraryPaths.staffList}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = StaffLibraryDocument.parse(created.json());
  return {
    params: { id },
    async unchanged() {
      const doc = StaffLibraryDocument.parse((await staff.inject({ url: `${API_BASE}${LibraryPaths.staffOne(id)}` })).json());
      expect(doc.published).toBe(false);
    },
  };
};

export const libraryAccessCases: Record<string, { arrange: Arrange }> = {
  [`GET ${API_BASE}/library/:id`]: { arrange: unpublished },
  [`GET ${API_BASE}/library/:id/file`]: { arrange: unpublished },
};
