import { ColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { website } from '../../lib/website';

const PRESETS = [website.colour, '#1890ff', '#f5222d', '#fa541c', '#faad14', '#13c2c2', '#52c41a', '#2f54eb', '#722ed1', '#eb2f96'];

/** Primary colour of the antd theme (default #409EFF), persisted with the session preferences. */
export function ColourPicker() {
  const { t } = useTranslation();
  const colour = useSession((s) => s.colour);
  const setColour = useSession((s) => s.setColour);
  return (
    <Tooltip title={t('shell.colour')}>
      <span data-testid="colour-picker">
        <ColorPicker
          size="small"
          value={colour}
          disabledAlpha
          presets={[{ label: t('shell.colour'), colors: PRESETS }]}
          onChangeComplete={(c) => setColour(c.toHexString())}
        />
      </span>
    </Tooltip>
  );
}
