import { attach } from '@zoo/contract';
import { Image } from 'antd';
import { defineCrudPage } from '../../../crud';
import { fileSize } from '../../../lib/file-size';

const IMAGE = /\.(png|jpe?g|gif|webp|bmp)$/i;

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
