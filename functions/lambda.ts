/** The API on AWS Lambda behind API Gateway (HTTP API, payload v2). */
import { handle } from 'hono/aws-lambda';
import { createApp } from './app.js';
import { depsFromEnv } from './deps.js';

export const handler = handle(createApp(depsFromEnv()));
