import { expose, transfer } from 'comlink';
import { aggregate } from '../domain/rules/aggregate';
import { resultBuffers, type AggregateApi } from './aggregate-types';

/**
 * The aggregation worker (DESIGN §7, issue 14): receives the facts as transferred typed arrays and posts back only
 * the report. It computes in one go: the page cancels a report by terminating this worker (aggregate.ts), which stops
 * it at once, where a cancel message would wait for the computation to let the worker's event loop run.
 */
const api: AggregateApi = {
  aggregate: (facts, query) => {
    const result = aggregate(facts, query);
    return transfer(result, resultBuffers(result));
  },
};

expose(api);
