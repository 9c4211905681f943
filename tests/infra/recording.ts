/**
 * A pass-through proxy in front of DynamoDB Local that writes down every call as IAM authorizes it, so a
 * function's path can be compared with what its role grants (tests/infra/bots.test.ts, digest.test.ts).
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One DynamoDB call as IAM authorizes it: the action, the table, the index if any, the key. */
export interface Call {
  action: string;
  table: string | undefined;
  index: string | undefined;
  key: string | undefined;
}

/** A transaction's parts are authorized as the single-item actions they are (DynamoDB developer guide, "Using IAM with transactions"). */
const TRANSACT_PART: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** The calls in one request body of the DynamoDB JSON protocol. */
function callsOf(operation: string, body: Record<string, Record<string, unknown> | undefined>): Call[] {
  const keyOf = (k: unknown) => {
    const key = k as Record<string, { S?: string }> | undefined;
    return key ? `${key.pk?.S}|${key.sk?.S}` : undefined;
  };
  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems') {
    return ((body.TransactItems ?? []) as unknown as Record<string, Record<string, unknown>>[]).flatMap((part) =>
      Object.entries(part).map(([kind, op]) => ({
        action: `dynamodb:${operation === 'TransactGetItems' ? 'GetItem' : TRANSACT_PART[kind]}`,
        table: op.TableName as string,
        index: undefined,
        // A Put names its key inside the item.
        key: keyOf(op.Key ?? op.Item),
      })),
    );
  }
  return [
    {
      action: `dynamodb:${operation}`,
      table: body.TableName as unknown as string | undefined,
      index: body.IndexName as unknown as string | undefined,
      key: keyOf(body.Key),
    },
  ];
}

/** A pass-through proxy to DynamoDB Local that writes down every call made through it. */
export async function recordingProxy(target: string): Promise<{ endpoint: string; calls: Call[]; server: Server }> {
  const calls: Call[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1];
      if (operation) calls.push(...callsOf(operation, JSON.parse(body.toString('utf8') || '{}')));
      const headers: IncomingHttpHeaders = { ...req.headers };
      const up = request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      up.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server };
}
