// A thousand bot-vs-bot games with 4 seats; the property is in bot-games.ts.
import { botGamesProperty } from './bot-games.js';

botGamesProperty(4);
