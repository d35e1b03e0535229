import type { DnsQueryType } from '@paydar/contracts/monitors-options';
import type { Answer, RecordType } from 'dns-packet';

/** The record types asked for each query type of the form. ANAME has no record type of its own. */
export function recordTypesFor(type: DnsQueryType): RecordType[] {
  // dns-packet encodes ANY (255) although its type list leaves it out.
  return type === 'ANAME' ? ['A', 'AAAA'] : [type as RecordType];
}

export const ANAME_NOTE = 'ANAME has no record type of its own: answered with the A/AAAA records at the name';

/** One answer as kept in extra_info.answers. */
export interface RenderedAnswer {
  name: string;
  type: string;
  ttl: number | null;
  data: string;
}

const b64 = (buf: Buffer) => buf.toString('base64');
const text = (part: string | Buffer) => (typeof part === 'string' ? part : part.toString('utf8'));

/** CERT (RFC 4398) arrives as raw rdata: type, key tag, algorithm, then the certificate. */
function renderCert(raw: Buffer): string {
  if (raw.length < 5) return renderUnknown(raw);
  return `${raw.readUInt16BE(0)} ${raw.readUInt16BE(2)} ${raw.readUInt8(4)} ${b64(raw.subarray(5))}`;
}

/** RFC 3597 form for types this package does not decode. */
function renderUnknown(raw: Buffer): string {
  return `\\# ${raw.length} ${raw.toString('hex')}`;
}

/** The record's data in presentation form, as a resolver tool such as dig shows it. */
export function renderData(answer: Answer): string {
  switch (answer.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'DNAME':
    case 'NS':
    case 'PTR':
      return answer.data;
    case 'TXT':
      return Array.isArray(answer.data) ? answer.data.map(text).join('') : text(answer.data);
    case 'MX':
      return `${answer.data.preference ?? 0} ${answer.data.exchange}`;
    case 'SRV':
      return `${answer.data.priority ?? 0} ${answer.data.weight ?? 0} ${answer.data.port} ${answer.data.target}`;
    case 'SOA': {
      const d = answer.data;
      return `${d.mname} ${d.rname} ${d.serial} ${d.refresh} ${d.retry} ${d.expire} ${d.minimum}`;
    }
    case 'DNSKEY':
      return `${answer.data.flags} 3 ${answer.data.algorithm} ${b64(answer.data.key)}`;
    case 'DS':
      return `${answer.data.keyTag} ${answer.data.algorithm} ${answer.data.digestType} ${answer.data.digest.toString('hex')}`;
    case 'RRSIG': {
      const d = answer.data;
      return `${d.typeCovered} ${d.algorithm} ${d.labels} ${d.originalTTL} ${d.expiration} ${d.inception} ${d.keyTag} ${d.signersName} ${b64(d.signature)}`;
    }
    case 'CAA':
      return `${answer.data.flags ?? 0} ${answer.data.tag} "${answer.data.value}"`;
    case 'HINFO':
      return `"${answer.data.cpu}" "${answer.data.os}"`;
    case 'CERT':
      return renderCert(answer.data);
    case 'OPT':
      return '';
    default: {
      const data = (answer as { data?: unknown }).data;
      return Buffer.isBuffer(data) ? renderUnknown(data) : JSON.stringify(data);
    }
  }
}

export function renderAnswer(answer: Answer): RenderedAnswer {
  const ttl = 'ttl' in answer && typeof answer.ttl === 'number' ? answer.ttl : null;
  return { name: answer.name, type: answer.type, ttl, data: renderData(answer) };
}
