/**
 * `inline` with the file's name (RFC 6266): an ASCII fallback with anything unsafe replaced by "_", and
 * the exact name as UTF-8 in `filename*` (RFC 8187), so no name can break out of the header.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
