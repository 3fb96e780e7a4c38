import { Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  crontabOf,
  parseTime,
  presetOf,
  SCHEDULE_PRESET_KINDS,
  type SchedulePresetKind,
  switchPreset,
  timeText,
} from './schedulePresets.ts';

interface ScheduleFieldProps {
  /** The crontab (a Form.Item gives value and onChange). */
  value?: string;
  onChange?: (crontab: string) => void;
  id?: string;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * The schedule as simple choices (every day / week / month at a time) or a crontab typed in. The
 * crontab is the value; the choices only write it. Custom stays chosen even when its text matches a preset.
 */
export function ScheduleField({ value = '', onChange, id }: ScheduleFieldProps) {
  const { t } = useTranslation();
  const [customChosen, setCustomChosen] = useState(() => presetOf(value).kind === 'custom');
  const preset = customChosen ? ({ kind: 'custom' } as const) : presetOf(value);
  const change = (crontab: string) => onChange?.(crontab);

  const choose = (kind: SchedulePresetKind) => {
    setCustomChosen(kind === 'custom');
    change(switchPreset(kind, value));
  };

  const time =
    preset.kind === 'custom' ? null : (
      <Input
        type="time"
        aria-label={t('reports.schedule.time')}
        style={{ width: 130 }}
        value={timeText(preset.hour, preset.minute)}
        onChange={(event) => {
          const parsed = parseTime(event.target.value);
          if (parsed) change(crontabOf({ ...preset, ...parsed }, value));
        }}
      />
    );

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Select<SchedulePresetKind>
          aria-label={t('reports.schedule.repeat')}
          style={{ width: 180 }}
          value={preset.kind}
          onChange={choose}
          options={SCHEDULE_PRESET_KINDS.map((kind) => ({
            value: kind,
            label: t(`reports.schedule.presets.${kind}`),
          }))}
        />
        {preset.kind === 'weekly' && (
          <Select<number>
            aria-label={t('reports.schedule.weekday')}
            style={{ width: 160 }}
            value={preset.weekday}
            onChange={(weekday) => change(crontabOf({ ...preset, weekday }, value))}
            options={WEEKDAYS.map((day) => ({ value: day, label: t(`reports.schedule.weekdays.${day}`) }))}
          />
        )}
        {preset.kind === 'monthly' && (
          <Select<number>
            aria-label={t('reports.schedule.dayOfMonth')}
            style={{ width: 100 }}
            value={preset.day}
            onChange={(day) => change(crontabOf({ ...preset, day }, value))}
            options={DAYS.map((day) => ({ value: day, label: String(day) }))}
          />
        )}
        {time}
      </Flex>
      <Input
        id={id}
        aria-label={t('reports.schedule.crontab')}
        placeholder="0 9 * * *"
        style={{ fontFamily: 'monospace' }}
        value={value}
        onChange={(event) => {
          // Typing a crontab by hand is a custom schedule, whatever it looks like.
          setCustomChosen(true);
          change(event.target.value);
        }}
      />
    </Flex>
  );
}
