import { attach } from '@zoo/contract';
import { Image } from 'antd';
import { defineCrudPage } from '../../../crud';

const IMAGE = /\.(png|jpe?g|gif|webp|bmp)$/i;

/** 1536 → "1.5 KB". */
export const fileSize = (n: unknown): string => {
  const b = Number(n);
  if (!Number.isFinite(b) || b < 0) return '';
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KB`;
  return `${(b / 1024 / 1024).toFixed(1)} MB`;
};

/** Attachments (contract §5.14): files arrive through put-file-attach; the link previews images. */
export const attachPage = defineCrudPage({
  crud: attach,
  i18n: 'attach',
  actionWidth: 240,
  fields: {
    originalName: { search: true, width: 220 },
    link: {
      width: 120,
      render: (v) => {
        const link = String(v ?? '');
        return IMAGE.test(link) ? <Image src={link} width={48} height={48} style={{ objectFit: 'cover' }} alt="" /> : null;
      },
    },
    extension: { search: true, width: 90 },
    attachSize: { width: 110, render: (v) => fileSize(v) },
    name: { table: false },
    domain: { table: false },
    createTime: { width: 170 },
  },
});
