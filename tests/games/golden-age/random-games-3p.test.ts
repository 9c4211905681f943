// A thousand random 3-player games; the property is in random-games.ts.
import { randomGamesProperty } from './random-games.js';

randomGamesProperty(3, 30240801);
