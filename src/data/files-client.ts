import { upload } from '../domain/contract/endpoints/system';
import { uploadTo } from './endpoint-call';
import { resolveUrl } from './transport';

/** Uploads (`/files/upload/`) and where a stored file is served from. */

/**
 * Uploads one file; resolves with the server path it is served at (`/files/?…`). The upload is one step of an edit,
 * so success says nothing (the Save that follows says 操作成功); a refusal shows, and rejects.
 */
export async function uploadFile(file: Blob, name = file instanceof File ? file.name : 'file', signal?: AbortSignal): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file, name);
  form.append('filename', name);
  // A 2xx reply without the file's address is not our server's answer (the declaration's check).
  const reply = await uploadTo(upload, form, {}, { silent: true, signal });
  return { url: reply.url };
}

/** Where a stored file's URL points: a server path lives on the server the user is signed in to. */
export function fileSrc(url: string, baseURL: string): string {
  return /^(https?:|data:|blob:)/i.test(url) ? url : resolveUrl(baseURL, url);
}
