/** Multipart bodies through undici's FormData parser (Node 20), flattened to what the routes need. */

export interface FormFile {
  field: string
  filename: string
  type: string
  bytes: Buffer
}

export interface Form {
  fields: Record<string, string>
  files: FormFile[]
}

export function isMultipart(contentType: string | undefined): boolean {
  return !!contentType && /^multipart\/form-data\s*;/i.test(contentType)
}

/** Throws on a malformed body; the caller turns that into the route's invalid_request error. */
export async function parseMultipart(body: Buffer, contentType: string): Promise<Form> {
  const fd = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
  const form: Form = { fields: {}, files: [] }
  for (const [field, value] of fd.entries()) {
    if (typeof value === 'string') {
      if (!(field in form.fields)) form.fields[field] = value
    } else {
      form.files.push({ field, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) })
    }
  }
  return form
}
