/**
 * The table chat's items in a match's partition (functions/matches/chat.ts): one item per message
 * (sk CHAT#<seq>), written in the transaction that raises the match's version, and one small item per
 * seat saying how far it has read (sk CHATSEEN#<seat>), written alone when it fetches the chat.
 * Both expire with the match (the same TTL attribute as its log).
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Seat } from '#shared/engine/game.js';
import type { ChatMessage } from '../matches/port.js';
import { expiryOf, keys } from './table.js';

type Item = Record<string, unknown>;

/** A message as the item put in the match's transaction (never deflated: it is small, and read often). */
export function chatToItem(matchId: string, m: ChatMessage, expiresAt: number): Item {
  return { ...keys.chat(matchId, m.seq), type: 'chat', seq: m.seq, seat: m.seat, text: m.text, at: m.at, version: m.version, expiresAt };
}

export const itemToChat = (i: Item): ChatMessage => ({
  seq: i.seq as number,
  seat: i.seat as number,
  text: i.text as string,
  at: i.at as number,
  version: i.version as number,
});

export async function chatMessages(
  db: DynamoDBDocumentClient,
  tableName: string,
  id: string,
  opts: { after: number; limit: number },
): Promise<ChatMessage[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': keys.match(id).pk,
        ':lo': keys.chat(id, opts.after + 1).sk,
        ':hi': 'CHAT#~',
      },
      Limit: opts.limit,
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(itemToChat);
}

export async function chatSeen(db: DynamoDBDocumentClient, tableName: string, id: string) {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :lo)',
      ExpressionAttributeValues: { ':pk': keys.match(id).pk, ':lo': 'CHATSEEN#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({ seat: i.seat as Seat, seq: i.seq as number, at: i.at as number }));
}

export async function markChatSeen(db: DynamoDBDocumentClient, tableName: string, id: string, seat: Seat, seq: number, at: number) {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.chatSeen(id, seat), type: 'chat-seen', seat, seq, at, expiresAt: expiryOf('active', at) },
    }),
  );
}
