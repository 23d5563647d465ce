import { describe, expect, it } from 'vitest';
import { splitServerErrors } from '../ui/form-errors';
import { uploadErrorOf } from './upload';

// Bodies as POST /api/uploads sends them (src/server/modules/uploads/).
const body = (code: string, message: string) => ({ error: { code, message } });

describe('uploadErrorOf', () => {
  it('names the file field for a refusal of the file itself, so a form shows it under its file control', () => {
    const tooLarge = uploadErrorOf(body('PAYLOAD_TOO_LARGE', 'Please select an image smaller than 5MB'), 413);
    expect(tooLarge).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(tooLarge.fields).toEqual([{ in: 'body', path: 'file', message: 'Please select an image smaller than 5MB' }]);
    const notAnImage = uploadErrorOf(body('UNSUPPORTED_MEDIA_TYPE', 'Please select a valid image file'), 415);
    expect(splitServerErrors(notAnImage, ['photo'] as const, { file: 'photo' })).toEqual({
      fields: { photo: 'Please select a valid image file' },
      form: null,
    });
    const pixels = uploadErrorOf(body('VALIDATION_ERROR', 'Please select an image of at most 25 megapixels.'), 400);
    expect(pixels.fields.map((f) => f.path)).toEqual(['file']);
  });

  it("names it too for a bare 413 from a proxy, with the caller's own words", () => {
    const error = uploadErrorOf('<html>413 Request Entity Too Large</html>', 413, 'Failed to upload image');
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Failed to upload image' });
    expect(error.fields).toEqual([{ in: 'body', path: 'file', message: 'Failed to upload image' }]);
  });

  it('leaves a refusal of the person, the rate limit and a server failure on no field', () => {
    const forbidden = uploadErrorOf(body('FORBIDDEN', 'You may not upload this kind of file.'), 403);
    const limited = uploadErrorOf(
      body('RATE_LIMITED', 'Too many requests. Please wait a few minutes and try again.'),
      429,
    );
    const failed = uploadErrorOf(null, 502);
    for (const error of [forbidden, limited, failed]) expect(error.fields).toEqual([]);
    expect(failed).toMatchObject({ code: 'INTERNAL', message: 'Upload failed' });
    expect(splitServerErrors(forbidden, ['photo'] as const, { file: 'photo' })).toEqual({
      fields: {},
      form: 'You may not upload this kind of file.',
    });
  });

  it('keeps the fields the server named itself', () => {
    const error = uploadErrorOf(
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'purpose: Invalid option',
          fields: [{ in: 'query', path: 'purpose', message: 'Invalid option' }],
        },
      },
      400,
    );
    expect(error.fields).toEqual([{ in: 'query', path: 'purpose', message: 'Invalid option' }]);
  });
});
