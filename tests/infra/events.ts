/**
 * Lambda events as AWS builds them: API Gateway HTTP API payload v2 requests, and DynamoDB stream
 * records read from DynamoDB Local's real stream, shaped the way the Lambda event source mapping
 * delivers them.
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecordSdk,
} from '@aws-sdk/client-dynamodb-streams';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  AttributeValue,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSEvent,
} from 'aws-lambda';
import { type Consumer, messagesFor } from '../../functions/fan-out.js';
import { encodeChange } from '../../functions/queues.js';
import { changesOf } from '../../functions/storage/stream-records.js';
import type { Json } from '../support/api.js';

export const API_HOST = 'abc123.execute-api.eu-west-1.amazonaws.com';

export interface V2Request {
  method: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** The host API Gateway was called on (requestContext.domainName). */
  domainName?: string;
}

export function v2Event(req: V2Request): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = { 'user-agent': 'infra-test', ...lower(req.headers ?? {}) };
  let body: string | undefined;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] ??= 'application/json';
  }
  const domainName = req.domainName ?? API_HOST;
  headers.host = domainName;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: req.path,
    rawQueryString: req.query ?? '',
    headers,
    ...(req.query ? { queryStringParameters: Object.fromEntries(new URLSearchParams(req.query)) } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: domainName.split('.')[0]!,
      domainName,
      domainPrefix: domainName.split('.')[0]!,
      http: { method: req.method, path: req.path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.10', userAgent: 'infra-test' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body !== undefined ? { body, isBase64Encoded: false } : { isBase64Encoded: false }),
  };
}

/** The host of a Lambda function URL (what CloudFront calls the API at). */
export const URL_HOST = 'x7k2q9abcdefghij0123456789abcdef.lambda-url.eu-west-1.on.aws';

/**
 * A function URL's event (payload 2.0, as Lambda builds it for auth type NONE): the HTTP API's shape with the
 * URL's host, `accountId: 'anonymous'`, and the body base64-encoded when `base64` is set (Lambda does so for
 * bodies it does not take for text).
 */
export function urlEvent(req: V2Request & { base64?: boolean }): APIGatewayProxyEventV2 {
  const e = v2Event({ ...req, domainName: req.domainName ?? URL_HOST });
  const body = req.base64 && e.body !== undefined ? { body: Buffer.from(e.body, 'utf8').toString('base64'), isBase64Encoded: true } : {};
  return { ...e, ...body, requestContext: { ...e.requestContext, accountId: 'anonymous' } };
}

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

export type V2Handler = (event: APIGatewayProxyEventV2, context?: never) => Promise<unknown>;

/** Calls a Lambda handler with a v2 event (an HTTP API's, or a function URL's with `url`) and decodes the structured result. */
export async function invoke(handler: V2Handler, req: V2Request & { url?: boolean; base64?: boolean }) {
  const out = (await handler(req.url ? urlEvent(req) : v2Event(req))) as APIGatewayProxyStructuredResultV2;
  const raw = out.isBase64Encoded ? Buffer.from(out.body ?? '', 'base64') : Buffer.from(out.body ?? '', 'utf8');
  const gzipped = String(Object.entries(out.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '') === 'gzip';
  // As a browser does: a gzipped answer is read decompressed; `wire` is what crossed the network.
  const text = (gzipped ? gunzipSync(raw) : raw).toString('utf8');
  let json: Json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const headers = Object.fromEntries(Object.entries(out.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  return { status: out.statusCode ?? 200, headers, text, json, isBase64Encoded: out.isBase64Encoded === true, wire: raw.byteLength };
}

// ---- DynamoDB Streams -----------------------------------------------------------------------------

export function streamsClient(endpoint: string): DynamoDBStreamsClient {
  return new DynamoDBStreamsClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** Every record on the table's stream so far (all shards, from the trim horizon). */
export async function readStream(raw: DynamoDBClient, endpoint: string, tableName: string): Promise<DynamoDBRecord[]> {
  const table = await raw.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`${tableName} has no stream`);
  const streams = streamsClient(endpoint);
  try {
    const desc = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    const out: DynamoDBRecord[] = [];
    for (const shard of desc.StreamDescription?.Shards ?? []) {
      const it = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      let iterator = it.ShardIterator;
      // An open shard always hands out a next iterator; stop at the first empty page.
      for (let page = 0; iterator && page < 100; page++) {
        const got = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const records = got.Records ?? [];
        out.push(...records.map((r) => toLambdaRecord(r, streamArn)));
        if (records.length === 0) break;
        iterator = got.NextShardIterator;
      }
    }
    return out;
  } finally {
    streams.destroy();
  }
}

/**
 * The table's stream read as it grows: each `next()` gives the records written since the last one, going on from
 * where each shard's reading stopped (a shard that appears is read from its trim horizon). A test that looks at
 * the stream after every move reads each record once, where `readStream` each time reads all of them again.
 */
export async function streamTail(raw: DynamoDBClient, endpoint: string, tableName: string) {
  const table = await raw.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`${tableName} has no stream`);
  const streams = streamsClient(endpoint);
  /** Where each shard's reading goes on; null once a closed shard is read to its end. */
  const at = new Map<string, string | null>();
  return {
    async next(): Promise<DynamoDBRecord[]> {
      const desc = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
      const out: DynamoDBRecord[] = [];
      for (const shard of desc.StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (!at.has(id)) {
          const it = await streams.send(
            new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: 'TRIM_HORIZON' }),
          );
          at.set(id, it.ShardIterator ?? null);
        }
        // An open shard always hands out a next iterator; stop at the first empty page and go on from it next time.
        for (let page = 0; at.get(id) && page < 100; page++) {
          const got = await streams.send(new GetRecordsCommand({ ShardIterator: at.get(id)!, Limit: 1000 }));
          const records = got.Records ?? [];
          out.push(...records.map((r) => toLambdaRecord(r, streamArn)));
          at.set(id, got.NextShardIterator ?? null);
          if (records.length === 0) break;
        }
      }
      return out;
    },
    close: () => streams.destroy(),
  };
}

/** The SDK's stream record → the record the Lambda event source mapping delivers. */
function toLambdaRecord(r: StreamRecordSdk, streamArn: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  const created = d.ApproximateCreationDateTime;
  return {
    eventID: r.eventID!,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: r.awsRegion ?? 'local',
    eventSourceARN: streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      ...(d.Keys ? { Keys: image(d.Keys) } : {}),
      ...(d.NewImage ? { NewImage: image(d.NewImage) } : {}),
      ...(d.OldImage ? { OldImage: image(d.OldImage) } : {}),
      SequenceNumber: d.SequenceNumber!,
      SizeBytes: d.SizeBytes ?? 0,
      StreamViewType: d.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
  };
}

/** Binary values travel base64-encoded in Lambda events; everything else is already JSON-shaped. */
function image(img: Record<string, unknown>): Record<string, AttributeValue> {
  return JSON.parse(JSON.stringify(img, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v))) as Record<
    string,
    AttributeValue
  >;
}

export function streamEvent(records: DynamoDBRecord[]): DynamoDBStreamEvent {
  return { Records: records };
}

/**
 * The SQS event a consumer's function gets for these stream records: the messages the one stream reader
 * (functions/fan-out.ts, as functions/lambda/stream.ts runs it) sends to that consumer's queue, with the
 * fields Lambda's SQS event source fills in.
 */
export function queueEvent(consumer: Consumer, records: DynamoDBRecord[]): SQSEvent {
  return {
    Records: messagesFor(consumer, changesOf(records)).map(({ message }) => ({
      messageId: randomUUID(),
      receiptHandle: randomUUID(),
      body: encodeChange(message.change),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.now()),
        SenderId: 'stream-reader',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:eu-west-1:123456789012:${consumer}`,
      awsRegion: 'eu-west-1',
    })),
  };
}

/**
 * Lambda event filtering as the event source mapping applies it to a stream record: a record passes when
 * any pattern matches; in a pattern, a list matches when one of its entries does (a literal by equality,
 * `{ exists }` by presence, `{ prefix }` by the start of a string), an object when all its keys do.
 */
export function passesFilters(filters: readonly unknown[], record: DynamoDBRecord): boolean {
  const leaf = (p: unknown, value: unknown): boolean => {
    if (typeof p !== 'object' || p === null) return p === value;
    if ('exists' in p) return (value !== undefined) === p.exists;
    if ('prefix' in p) return typeof value === 'string' && value.startsWith(String(p.prefix));
    throw new Error(`filter rule this test does not know: ${JSON.stringify(p)}`);
  };
  const matches = (pattern: unknown, value: unknown): boolean => {
    if (Array.isArray(pattern)) return pattern.some((p) => leaf(p, value));
    if (typeof value !== 'object' || value === null) return false;
    return Object.entries(pattern as Record<string, unknown>).every(([k, p]) => matches(p, (value as Record<string, unknown>)[k]));
  };
  return filters.some((pattern) => matches(pattern, record));
}
