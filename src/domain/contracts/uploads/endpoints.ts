import { uploadParams, uploadQuery, uploadResponse } from './upload-file';
import { POLICIES } from '../../policies';
import { api, multipart, raw } from '../endpoint';

/** The uploads endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const uploadsEndpoints = {
  postUploads: api('POST /api/uploads', POLICIES.signedIn)
    .takes({ query: uploadQuery, body: multipart('file') })
    .answers({ 201: uploadResponse }),
  getUploadsOne: api('GET /api/uploads/:id', POLICIES.public)
    .takes({ params: uploadParams })
    .answers({
      200: raw(
        'file',
        'image/webp, image/jpeg, image/png or application/pdf',
        'The stored file (private ones only to their owner and staff)',
      ),
    }),
};
