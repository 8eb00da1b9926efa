import { Col, Row } from 'antd';
import { CrudPage } from '../../../crud';
import { parkPage } from './park.crud';
import { PlaceTree } from './place-tree';

/** 园区管理: the park table beside the park → venue → cage tree. */
export default function ParkPage() {
  return (
    <Row gutter={12}>
      <Col xs={24} xl={6}>
        <PlaceTree />
      </Col>
      <Col xs={24} xl={18}>
        <CrudPage def={parkPage} />
      </Col>
    </Row>
  );
}
