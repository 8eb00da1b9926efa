import { leaveEndpoints, userEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DATE_TIME_FORMAT } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useLeaveDone } from './leave-parts';

interface Values {
  taskUser?: string;
  startTime?: Dayjs;
  endTime?: Dayjs;
  reason?: string;
}

/** 请假申请 (/work/process/leave/form/{processDefinitionId}): approver, dates and reason; starts the process. */
export default function LeaveFormPage() {
  const { t } = useTranslation();
  const { processDefinitionId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const done = useLeaveDone();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const users = useQuery({ queryKey: ['user-list'], queryFn: () => call(userEndpoints.userList), staleTime: 60_000 });
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await call(leaveEndpoints.startProcess, {
        body: {
          processDefinitionId,
          taskUser: v.taskUser ?? '',
          startTime: v.startTime?.format(DATE_TIME_FORMAT) ?? '',
          endTime: v.endTime?.format(DATE_TIME_FORMAT) ?? '',
          reason: v.reason ?? '',
        },
      });
    } catch {
      return; // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
    toast.success(t('leave.submitted'));
    navigate(done(pathname));
  };
  return (
    <Card variant="borderless" title={t('leave.formTitle')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={submit} data-testid="leave-form">
        <Form.Item name="taskUser" label={t('leave.taskUser')} rules={[{ required: true, message: t('leave.taskUserRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.isLoading}
            data-testid="leave-task-user"
            options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName || u.name} (${u.account})` }))}
          />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="startTime" label={t('leave.startTime')} rules={[{ required: true, message: t('leave.startRequired') }]}>
            <DatePicker showTime format={DATE_TIME_FORMAT} data-testid="leave-start" />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={t('leave.endTime')}
            dependencies={['startTime']}
            rules={[
              { required: true, message: t('leave.endRequired') },
              ({ getFieldValue }) => ({
                validator: (_r, value: Dayjs | undefined) => {
                  const start = getFieldValue('startTime') as Dayjs | undefined;
                  return value && start && value.isBefore(start) ? Promise.reject(new Error(t('leave.endBeforeStart'))) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker showTime format={DATE_TIME_FORMAT} data-testid="leave-end" />
          </Form.Item>
        </Space>
        <Form.Item name="reason" label={t('leave.reason')} rules={[{ required: true, whitespace: true, message: t('leave.reasonRequired') }, { max: 255 }]}>
          <Input.TextArea rows={4} maxLength={255} showCount data-testid="leave-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="leave-submit">
          {t('leave.submit')}
        </Button>
      </Form>
    </Card>
  );
}
