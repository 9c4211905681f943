/**
 * The stack's caps as the capacity model (infra/capacity.ts) takes them: reserved concurrencies and throttles,
 * read from what infra/stack.ts and its constructs export. The one place that knows those names, so that when
 * they change (stack parameters with 1 M DAU defaults, issue 27) only this file follows. It loads aws-cdk-lib
 * (the constructs do); infra/capacity.ts does not.
 */
import type { StackLimits } from './capacity.js';
import { LIVE_POKE_RESERVED_CONCURRENCY, LIVE_SOCKET_RESERVED_CONCURRENCY } from './constructs/live.js';
import {
  API_RESERVED_CONCURRENCY,
  API_THROTTLE,
  BOTS_RESERVED_CONCURRENCY,
  DIGEST_RESERVED_CONCURRENCY,
  DISPATCHER_RESERVED_CONCURRENCY,
  LIVE_CONNECT_THROTTLE,
  LIVE_THROTTLE,
  SWEEP_RESERVED_CONCURRENCY,
} from './stack.js';

export const STACK_LIMITS: StackLimits = {
  reservedConcurrency: {
    api: API_RESERVED_CONCURRENCY,
    dispatcher: DISPATCHER_RESERVED_CONCURRENCY,
    bots: BOTS_RESERVED_CONCURRENCY,
    sweep: SWEEP_RESERVED_CONCURRENCY,
    digest: DIGEST_RESERVED_CONCURRENCY,
    liveSocket: LIVE_SOCKET_RESERVED_CONCURRENCY,
    livePoke: LIVE_POKE_RESERVED_CONCURRENCY,
  },
  httpApiRate: API_THROTTLE.rateLimit,
  webSocketRate: LIVE_THROTTLE.rateLimit,
  webSocketConnectRate: LIVE_CONNECT_THROTTLE.rateLimit,
};
