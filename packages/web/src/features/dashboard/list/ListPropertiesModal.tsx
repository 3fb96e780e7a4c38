import { Spin } from 'antd';
import { useDashboard } from '../../../api/dashboards.ts';
import { ErrorBox, Modal } from '../../../components/index.ts';
import { PropertiesModal } from '../properties/index.ts';

/** The properties of a dashboard picked in the list: loads the dashboard, then saves with PUT. */
export function ListPropertiesModal({ id, onClose }: { id: number; onClose: () => void }) {
  const dashboard = useDashboard(id);
  if (dashboard.data) {
    return <PropertiesModal dashboard={dashboard.data} open mode="save" onClose={onClose} />;
  }
  return (
    <Modal open footer={null} onCancel={onClose}>
      {dashboard.isError ? <ErrorBox error={dashboard.error} /> : <Spin />}
    </Modal>
  );
}
