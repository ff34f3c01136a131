import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { jsonTextWithinDepth, MAX_JSON_DEPTH } from '../../src/domain/contract/json-depth';
import { badRequest } from '../lib/api-error';

/**
 * JSON request bodies nested deeper than MAX_JSON_DEPTH are refused with 400 before they are parsed: the parser's
 * prototype-poisoning scan, the validators and the drivers all recurse, and a body nested thousands deep would
 * overflow the stack (a 500). JSON inside form fields is checked where it is parsed (server/lib/params.ts, the
 * registry's validators). Parsing itself stays Fastify's, with `__proto__` and `constructor` keys removed.
 */
export default fp(async function inputLimits(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (!jsonTextWithinDepth(body as string)) {
      done(badRequest('too_deep', { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
});
