import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useDashboard } from '../../../api/dashboards.ts';
import { ErrorBox, Modal } from '../../../components/index.ts';
import { storeDashboard } from '../actions/dashboardCache.ts';
import { PropertiesModal } from '../properties/index.ts';

/** The properties of a dashboard picked in the list: loads the dashboard, then saves with PUT. */
export function ListPropertiesModal({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const dashboard = useDashboard(id);
  if (dashboard.data) {
    return (
      <PropertiesModal
        dashboard={dashboard.data}
        open
        mode="save"
        onClose={onClose}
        // The one cached dashboard: an open dashboard page shows the save at once.
        onSaved={(saved) => storeDashboard(queryClient, saved)}
      />
    );
  }
  return (
    <Modal open footer={null} onCancel={onClose}>
      {dashboard.isError ? <ErrorBox error={dashboard.error} /> : <Spin />}
    </Modal>
  );
}
