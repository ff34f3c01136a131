/**
 * The content type an uploaded file is served with. The uploader's own type is never used: a file served from our
 * origin as `application/javascript` or `text/html` (or `image/svg+xml`, which runs scripts) would be a script the
 * Content-Security-Policy trusts. Pictures a row shows in an `<img>` (png, jpeg, gif, webp) are served as their image
 * type, recognised by their first bytes — an image type claimed for anything else does not count; everything else is
 * `application/octet-stream`. With `X-Content-Type-Options: nosniff` the browser takes these types as they are.
 */
export const OCTET_STREAM = 'application/octet-stream';

const startsWith = (data: Uint8Array, at: number, bytes: readonly number[]) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map(c => c.charCodeAt(0));

const IMAGES: readonly { type: string; matches: (data: Uint8Array) => boolean }[] = [
  { type: 'image/png', matches: d => startsWith(d, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: d => startsWith(d, 0, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', matches: d => startsWith(d, 0, ascii('GIF87a')) || startsWith(d, 0, ascii('GIF89a')) },
  { type: 'image/webp', matches: d => startsWith(d, 0, ascii('RIFF')) && startsWith(d, 8, ascii('WEBP')) },
];

export function servedType(data: Uint8Array): string {
  return IMAGES.find(i => i.matches(data))?.type ?? OCTET_STREAM;
}
