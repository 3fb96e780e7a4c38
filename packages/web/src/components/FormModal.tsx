import { Form, type FormInstance, type FormProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from './ErrorBox.tsx';
import { showFieldErrors } from './fieldErrors.ts';
import { Modal, type ModalProps } from './Modal.tsx';

interface FormModalProps<V>
  extends Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'cancelText' | 'children' | 'okText'> {
  form: FormInstance<V>;
  initialValues: FormProps<V>['initialValues'];
  onFinish: (values: V) => void;
  onClose: () => void;
  /** The OK button's text; 'Save' unless told. */
  okText?: ReactNode;
  /** An error to show above the form. */
  error?: unknown;
  requiredMark?: FormProps<V>['requiredMark'];
  children: ReactNode;
}

/** A modal around a vertical form: OK submits the form, Cancel closes. */
export function FormModal<V>({
  form,
  initialValues,
  onFinish,
  onClose,
  okText,
  error,
  requiredMark,
  children,
  ...modalProps
}: FormModalProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      {...modalProps}
    >
      {error !== undefined && <ErrorBox error={error} />}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        style={{ marginTop: 16 }}
        {...(requiredMark === undefined ? {} : { requiredMark })}
      >
        {children}
      </Form>
    </Modal>
  );
}

/**
 * Runs a form's save: on success closes; on failure puts a 422's messages on the form's
 * fields and keeps any other error to show above the form.
 */
export function useFormSave<V>(form: FormInstance<V>, onClose: () => void) {
  const [formError, setFormError] = useState<unknown>();
  const save = async (action: () => Promise<void>) => {
    setFormError(undefined);
    try {
      await action();
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error)) setFormError(error);
    }
  };
  return { formError, save };
}
