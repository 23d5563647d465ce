import { uploadParams, uploadQuery, uploadResponse } from './upload-file';
import { POLICIES } from '../../policies';
import { endpoint, multipart } from '../endpoint';

/** The uploads endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const uploadsEndpoints = {
  postUploads: endpoint({
    method: 'POST',
    path: '/api/uploads',
    policy: POLICIES.signedIn,
    summary: 'Post uploads',
    query: uploadQuery,
    body: multipart('file'),
    responses: { 201: uploadResponse },
  }),
  getUploadsOne: endpoint({
    method: 'GET',
    path: '/api/uploads/:id',
    policy: POLICIES.public,
    summary: 'Get uploads one',
    params: uploadParams,
    responses: {
      200: {
        kind: 'file',
        contentType: 'image/webp, image/jpeg, image/png or application/pdf',
        description: 'The stored file (private ones only to their owner and staff)',
      },
    },
  }),
};
