import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantId } from './tenant-column.ts';
import { id, timestamps } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

// An image uploaded for a social post (issue 15). Facebook, Instagram and LinkedIn fetch it from
// its public address, /api/social/images/{token}: the token is random and unguessable, and the id
// is never shown. X gets the bytes through its media upload before the post.
export const socialImages = pgTable(
  'social_images',
  {
    id: id(),
    tenantId: tenantId(),
    token: text('token').notNull().unique(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    ...timestamps(),
  },
  (t) => [index('social_images_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
