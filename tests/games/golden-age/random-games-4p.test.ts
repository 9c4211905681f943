// A thousand random 4-player games; the property is in random-games.ts.
import { randomGamesProperty } from './random-games.js';

randomGamesProperty(4, 40240801);
