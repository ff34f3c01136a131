import type { Field } from '../registry/fields';
import { readableFields, SYSTEM_FIELDS } from '../registry/columns';
import type { ResourceDef } from '../registry/resource';

/**
 * JSON Schemas of the replies that carry rows (list, detail, save), derived from the declaration. The server hands
 * them to Fastify as response schemas, so rows are written by a serializer compiled for their shape
 * (fast-json-stringify) instead of a generic JSON.stringify, and a column the declaration does not name never
 * leaves the server. Every property is nullable: a row may leave any field empty.
 */
export type JsonSchema = Record<string, unknown>;

const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra });

export function fieldJsonSchema(f: Field): JsonSchema {
  switch (f.type) {
    case 'text': case 'enum': case 'password': case 'date': return nullable('string');
    // Date-times leave the database as Date objects; the serializer writes them as ISO 8601 text.
    case 'datetime': return nullable('string', { format: 'date-time' });
    case 'int': case 'ref': return nullable('integer');
    case 'number': case 'money': return nullable('number');
    case 'bool': return nullable('boolean');
    case 'refs': return nullable('array', { items: { type: 'integer' } });
    case 'texts': return nullable('array', { items: { type: 'string' } });
    // Free JSON: any shape, written as it is.
    case 'json': return {};
  }
}

/** A row as lists, details and saves return it: readable columns and the display names of its references. */
export function rowJsonSchema(res: ResourceDef): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const name of readableFields(res)) {
    const f = res.fields[name] ?? SYSTEM_FIELDS[name]!;
    properties[name] = fieldJsonSchema(f);
  }
  for (const [name, f] of Object.entries(res.fields)) {
    // A kiosk that may recognise badges but not see them gets the badge's salted hash instead (server/auth/redact.ts).
    if (f.sensitive) properties[`${name}_hash`] = nullable('string');
    if (f.type === 'ref') properties[`${name}_name`] = nullable('string');
    if (f.type === 'refs') properties[`${name}_names`] = nullable('array', { items: nullable('string') });
  }
  return { type: 'object', properties };
}

const ECHO = { token: { type: 'string' }, token1: { type: 'string' }, token2: { type: 'string' } };

export function listReplyJsonSchema(res: ResourceDef): JsonSchema {
  return {
    type: 'object',
    properties: {
      msg: { type: 'string' },
      dt: { type: 'array', items: rowJsonSchema(res) },
      total: { type: 'integer' },
      totals: { type: 'object', additionalProperties: { type: ['number', 'null'] } },
      ...ECHO,
    },
    required: ['msg', 'dt', 'total'],
  };
}

export function detailReplyJsonSchema(res: ResourceDef): JsonSchema {
  return { type: 'object', properties: { msg: { type: 'string' }, dt: rowJsonSchema(res) }, required: ['msg', 'dt'] };
}

export function saveReplyJsonSchema(res: ResourceDef): JsonSchema {
  return {
    type: 'object',
    properties: { msg: { type: 'string' }, msg1: { type: 'string' }, id: { type: 'integer' }, version: { type: 'integer' }, dt: rowJsonSchema(res) },
    required: ['msg', 'id', 'version'],
  };
}
