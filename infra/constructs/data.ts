/**
 * The table: the single-table design of functions/storage/table.ts, its secondary indexes read from the
 * same description so they cannot drift. Functions reach it through DutchFunction.bindTable only.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE } from '../../functions/storage/table.js';
import type { BindableTable } from './function.js';

/** The secondary indexes the notifications work may add to TABLE, read as data so they cannot drift. */
type KeyAttr = string | { name: string; type?: 'S' | 'N' | 'B' };
interface IndexDef {
  name?: string;
  indexName?: string;
  partitionKey: KeyAttr;
  sortKey?: KeyAttr;
  projection?: 'ALL' | 'KEYS_ONLY' | readonly string[];
}

export function tableIndexes(table: unknown = TABLE): { name: string; def: IndexDef }[] {
  const raw = (table as { indexes?: unknown }).indexes;
  if (raw === undefined) return [];
  const list: { name: string; def: IndexDef }[] = Array.isArray(raw)
    ? (raw as IndexDef[]).map((d) => ({ name: d.name ?? d.indexName ?? '', def: d }))
    : Object.entries(raw as Record<string, IndexDef>).map(([name, d]) => ({ name: d.name ?? d.indexName ?? name, def: d }));
  for (const { name, def } of list)
    if (!name || !def.partitionKey) throw new Error(`TABLE.indexes: each index needs a name and a partitionKey`);
  return list;
}

function attribute(a: KeyAttr): dynamodb.Attribute {
  const { name, type = 'S' } = typeof a === 'string' ? { name: a } : a;
  const t = { S: dynamodb.AttributeType.STRING, N: dynamodb.AttributeType.NUMBER, B: dynamodb.AttributeType.BINARY }[type];
  return { name, type: t };
}

function projectionOf(def: IndexDef): Pick<dynamodb.GlobalSecondaryIndexProps, 'projectionType' | 'nonKeyAttributes'> {
  const projection = def.projection ?? 'ALL';
  if (projection === 'ALL') return { projectionType: dynamodb.ProjectionType.ALL };
  if (projection === 'KEYS_ONLY') return { projectionType: dynamodb.ProjectionType.KEYS_ONLY };
  return { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...projection] };
}

export class DataTable implements BindableTable {
  readonly table: dynamodb.Table;
  readonly indexNames: readonly string[];

  /**
   * Adds the table to `scope` under the id `Table`. Pass the stack: the logical id must never change,
   * since a new one would replace the table, and its items with it, on the next deploy.
   */
  constructor(scope: Construct) {
    const indexes = tableIndexes();
    this.indexNames = indexes.map((i) => i.name);
    this.table = new dynamodb.Table(scope, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const { name, def } of indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: name,
        partitionKey: attribute(def.partitionKey),
        ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
        ...projectionOf(def),
      });
    }
  }
}
