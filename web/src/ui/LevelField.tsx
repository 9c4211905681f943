/** The "Computer level" choice, wherever a player picks how well a computer plays (create form, away zone). */
import { BOT_LEVELS, levelLabel } from '../bots.js';
import { t } from '../i18n.js';
import type { BotLevel } from '../types.js';

export function LevelField({ id, value, onChange }: { id: string; value: BotLevel; onChange: (level: BotLevel) => void }) {
  return (
    <label class="field" for={id}>
      <span>{t('bots.level.label')}</span>
      <select id={id} value={value} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value as BotLevel)}>
        {BOT_LEVELS.map((l) => (
          <option key={l} value={l}>
            {levelLabel(l)}
          </option>
        ))}
      </select>
    </label>
  );
}
