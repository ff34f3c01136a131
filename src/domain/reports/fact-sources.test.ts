import { describe, expect, it } from 'vitest';
import { resourceByName } from '../resources/all';
import { FACT_SOURCES, REPORT_SOURCES } from './fact-sources';

describe('report sources', () => {
  it('name declared resources, for their permission and for their keys\' names', () => {
    for (const source of REPORT_SOURCES) {
      const def = FACT_SOURCES[source];
      expect(resourceByName(def.resource), `${source} resource`).toBeDefined();
      expect(def.keys[0]?.name, `${source}: the day first`).toBe('day');
      for (const k of def.keys.filter(x => x.ref)) expect(resourceByName(k.ref!), `${source}.${k.name}`).toBeDefined();
    }
  });
});
