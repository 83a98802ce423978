import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import cloudinary from 'cloudinary';

export const API_KEY = '987654321098765';
export const API_SECRET = 'upload-stand-in-secret';
export const CLOUD = 'circo-cloud';

export interface StoredAsset {
  resourceType: string;
  type: string;
  bytes: Buffer;
}

/**
 * A local stand-in of Cloudinary's upload API: checks each call's signature as Cloudinary does
 * (SHA-1 of the sorted params + the API secret) and keeps the files in memory.
 */
export async function cloudinaryStandIn() {
  const assets = new Map<string, StoredAsset>();
  const calls: string[] = [];
  const app: FastifyInstance = Fastify();
  await app.register(multipart);
  app.post('/v1_1/:cloud/:rtype/:action', async (req, reply) => {
    const { cloud, rtype, action } = req.params as Record<string, string>;
    const fields: Record<string, string> = {};
    let bytes: Buffer | null = null;
    for await (const part of req.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
    calls.push(`${action} ${rtype} ${fields.public_id ?? ''}`);
    const { signature, api_key, resource_type: _r, cloud_name: _c, ...signed } = fields;
    if (cloud !== CLOUD || api_key !== API_KEY)
      return reply.status(401).send({ error: { message: 'Invalid api_key' } });
    if (signature !== cloudinary.v2.utils.api_sign_request(signed, API_SECRET)) {
      return reply.status(401).send({ error: { message: 'Invalid Signature' } });
    }
    const publicId = fields.folder ? `${fields.folder}/${fields.public_id}` : fields.public_id;
    const type = fields.type ?? 'upload';
    if (action === 'destroy') {
      return { result: assets.delete(publicId) ? 'ok' : 'not found' };
    }
    if (!bytes) return reply.status(400).send({ error: { message: 'Missing file' } });
    assets.set(publicId, { resourceType: rtype, type, bytes });
    const ext = rtype === 'image' ? '.png' : '';
    return {
      public_id: publicId,
      resource_type: rtype,
      type,
      bytes: bytes.length,
      secure_url: `https://res.cloudinary.com/${CLOUD}/${rtype}/${type}/v1700000000/${publicId}${ext}`,
    };
  });
  // the SDK's private_download_url: an authenticated asset's bytes, for a signed, unexpired query
  app.get('/v1_1/:cloud/:rtype/download', async (req, reply) => {
    const { cloud, rtype } = req.params as Record<string, string>;
    const q = req.query as Record<string, string>;
    calls.push(`download ${rtype} ${q.public_id ?? ''}`);
    const { signature, api_key, ...signed } = q;
    if (cloud !== CLOUD || api_key !== API_KEY)
      return reply.status(401).send({ error: { message: 'Invalid api_key' } });
    if (signature !== cloudinary.v2.utils.api_sign_request(signed, API_SECRET)) {
      return reply.status(401).send({ error: { message: 'Invalid Signature' } });
    }
    if (Number(q.expires_at) * 1000 < Date.now()) {
      return reply.status(401).send({ error: { message: 'Expired' } });
    }
    const asset = assets.get(q.public_id);
    if (!asset || asset.resourceType !== rtype || asset.type !== q.type) {
      return reply.status(404).send({ error: { message: 'Resource not found' } });
    }
    return reply.type('application/octet-stream').send(asset.bytes);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, assets, calls, url: `http://127.0.0.1:${port}` };
}
