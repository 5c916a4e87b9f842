import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { WEBSITE_TYPES } from '../constants/catalogue.ts';
import { MESSAGES } from '../constants/errors.ts';
import { websites } from '../tables/websites.ts';
import { defineCall } from './define.ts';
import { fileSchema, idSchema, isoDateSchema, listAnswer, pagedListQuery, requiredText } from './fields.ts';

const websiteRow = createSelectSchema(websites);

/** An uploaded landing or prelanding page (public §3); URL is where it is served. */
export const websiteSchema = websiteRow
  .pick({
    ID: true,
    WebsiteName: true,
    BoundOffer: true,
    EntryFile: true,
    PurchaseCompleteFile: true,
    WebsiteType: true,
  })
  .extend({ createdAt: isoDateSchema, URL: z.string(), Offer: z.object({ OfferName: z.string() }) });
export type Website = z.infer<typeof websiteSchema>;

/** A website as the publisher's offer page lists it (dashboards §3). */
export const publisherWebsiteSchema = websiteSchema.pick({
  ID: true,
  WebsiteName: true,
  BoundOffer: true,
  WebsiteType: true,
  URL: true,
});
export type PublisherWebsite = z.infer<typeof publisherWebsiteSchema>;

/** A path inside the uploaded zip: relative, without parent references. */
function isSafeRelativePath(value: string): boolean {
  return (
    !value.startsWith('/') &&
    !value.includes('\\') &&
    !value.includes(':') &&
    !value.split('/').some((part) => part === '..')
  );
}

const isZip = (file: File) =>
  file.size > 0 &&
  (file.name.toLowerCase().endsWith('.zip') ||
    file.type === 'application/zip' ||
    file.type === 'application/x-zip-compressed');

/** Landing and prelanding pages of offers. */
export const websiteCalls = {
  deleteWebsite: defineCall({
    path: '/websites/deleteWebsite',
    method: 'POST',
    summary: 'Delete an uploaded website and its files',
    spec: 'P',
    callers: ['admin'],
    request: z.object({ id: idSchema }),
    response: z.null(),
  }),
  getAllWebsites: defineCall({
    path: '/websites/getAllWebsites',
    method: 'POST',
    summary: "An offer's landing and prelanding pages (offer page steps)",
    spec: 'D',
    callers: ['publisher', 'admin'],
    request: z.object({ authUser: idSchema.optional(), BoundOffer: idSchema }),
    response: z.array(publisherWebsiteSchema),
  }),
  getAllWebsitesFrontend: defineCall({
    path: '/websites/getAllWebsitesFrontend',
    method: 'POST',
    summary: 'Uploaded websites list (filters, 20 a page)',
    spec: 'P',
    callers: ['admin'],
    request: z.object(pagedListQuery),
    response: listAnswer(websiteSchema),
  }),
  uploadWebsite: defineCall({
    path: '/websites/uploadWebsite',
    method: 'POST',
    summary: 'Upload a website as a .zip (multipart) for an offer; it is unpacked and served',
    spec: 'P',
    callers: ['admin'],
    body: 'multipart',
    bodyLimit: 50 * 1024 * 1024,
    // Keys in the order of the spec's messages (public §5): the first problem is the one answered.
    request: z.object({
      WebsiteName: requiredText(MESSAGES.websiteNameEmpty, 200),
      /** The page to serve, as a path inside the zip (e.g. index.html). */
      EntryFile: z
        .string({ error: MESSAGES.entryFileEmpty })
        .trim()
        .min(1, { error: MESSAGES.entryFileEmpty, abort: true })
        .max(255)
        .refine(isSafeRelativePath, 'Invalid entry file path'),
      websiteFile: fileSchema.refine(isZip, MESSAGES.websiteFileInvalid),
      WebsiteType: z.enum(WEBSITE_TYPES, { error: MESSAGES.websiteTypeEmpty }),
      BoundOffer: z
        .string({ error: MESSAGES.websiteOfferEmpty })
        .trim()
        .regex(/^[1-9]\d{0,15}$/, MESSAGES.websiteOfferEmpty)
        .transform(Number),
      /** The thank-you page inside the zip; optional. */
      PurchaseCompleteFile: z
        .string()
        .trim()
        .max(255)
        .refine(isSafeRelativePath, 'Invalid thank-you file path')
        .optional()
        .transform((v) => (v === '' || v == null ? null : v)),
    }),
    response: websiteSchema,
  }),
};
