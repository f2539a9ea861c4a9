import { expireSession, getToken } from '../../lib/auth-token';

/** Exactly one owner, as POST /api/attachments and the list take it. */
export type OwnerRef = { transactionId: number } | { redemptionId: number } | { reconciliationId: number } | { customerId: number };

const auth = (): Record<string, string> => {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

async function failureText(res: Response): Promise<string> {
  if (res.status === 401) expireSession();
  const body: unknown = await res.json().catch(() => null);
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : `The server answered ${res.status}`;
}

/** Uploads one file for its owner; the server reads its type from its bytes (decision 192). */
export async function uploadAttachment(file: File, owner: OwnerRef): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(owner)) form.append(key, String(value));
  form.append('file', file, file.name || 'pasted-image.png');
  const res = await fetch('/api/attachments', { method: 'POST', headers: auth(), body: form });
  if (!res.ok) throw new Error(await failureText(res));
}

/** An attachment's bytes (signed in: an <img src> cannot send the token, so the screens show a blob). */
export async function attachmentBlob(id: number): Promise<Blob> {
  const res = await fetch(`/api/attachments/${id}/content`, { headers: auth() });
  if (!res.ok) throw new Error(await failureText(res));
  return res.blob();
}
