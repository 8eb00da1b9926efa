import { ossEndpoints } from '@zoo/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { session } from '../../../lib/session';
import { basicAuth, website } from '../../../lib/website';

/** Photo links: the form holds an array (the record carries Blade's comma-joined string). */
export const photoList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string' && value
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];

/** Sends one file to put-file-attach (multipart) and answers its link. */
async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const token = session().token;
  const res = await fetch(`${website.apiPrefix}${ossEndpoints.putFileAttach.path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { Authorization: basicAuth(), ...(token ? { [website.tokenHeader]: `bearer ${token}` } : {}) },
    body,
  });
  const json = (await res.json().catch(() => ({}))) as { code?: number; msg?: string; data?: { link?: string } };
  if (json.code !== 200 || !json.data?.link) throw new Error(json.msg || `HTTP ${res.status}`);
  return json.data.link;
}

/** Photos of a record: picture cards, uploaded through object storage (jpg/png/webp). */
export function PhotoUpload({ value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const links = photoList(value);
  const files: UploadFile[] = links.map((url, i) => ({ uid: `${i}-${url}`, name: url.split('/').pop() ?? url, status: 'done', url }));
  return (
    <Upload
      listType="picture-card"
      accept="image/png,image/jpeg,image/webp"
      fileList={files}
      disabled={disabled}
      customRequest={({ file, onSuccess, onError }) => {
        uploadPhoto(file as File).then(
          (link) => {
            onChange?.([...photoList(value), link]);
            onSuccess?.(link);
          },
          (e: unknown) => {
            toast.error(e instanceof Error ? e.message : t('zooRegistry.uploadFailed'));
            onError?.(e as Error);
          },
        );
      }}
      onRemove={(f) => {
        onChange?.(links.filter((l) => l !== f.url));
        return false;
      }}
    >
      {disabled || links.length >= 30 ? null : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('zooRegistry.upload')}</div>
        </div>
      )}
    </Upload>
  );
}
