// 'Documentos' tab of a project, for the client and the agency: the project's files (download under their own name,
// delete for the uploader and admins after a confirmation) and the upload area. Each chosen file is checked first
// (type, 25 MB, first bytes matching the type) and refused with a pt-BR reason before anything is sent; the others upload side by side, each with its
// own progress and result. A failed upload keeps its document id, so 'Tentar novamente' after a lost answer finds the
// file already stored instead of storing it twice. The list is live: a document added or removed elsewhere shows
// without a reload.
import { useEffect, useMemo, useState } from 'react';
import { currentUser } from '../../lib/data/data-errors';
import {
  deleteProjectDocument,
  downloadProjectDocument,
  listProjectDocuments,
  uploadProjectDocument,
  type ProjectDocument,
} from '../../lib/data/project-documents';
import { saveAs } from '../../lib/util/save-file';
import { documentMimeType, documentProblem, documentTypeLabel } from '../../lib/domain/document-rules';
import { fileContentProblem } from '../../lib/domain/file-signatures';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { ListError, ListLoading } from '../../components/ui/ListPanels';
import { ConfirmDelete } from '../../components/projects/lazy-dialogs';
import { DocumentDropZone } from '../../components/projects/DocumentDropZone';
import { DocumentList } from '../../components/projects/DocumentList';
import { UploadList, type UploadItem } from '../../components/projects/UploadList';
import { useLiveTable } from '../hooks/useLiveTable';
import type { LiveBinding } from '../../lib/data/live';
import { useConfirmDelete } from '../hooks/useConfirmDelete';

interface Props {
  projectId: string;
}

/** An upload with what a retry needs: the file and the document id it is stored under. */
interface Upload extends UploadItem {
  file: File;
  documentId: string;
}

/** Why a chosen file cannot be sent (type, size, or bytes that are not of its type), or null. */
async function uploadProblem(file: File): Promise<string | null> {
  const mimeType = documentMimeType(file);
  const problem = documentProblem(file);
  if (problem || !mimeType) return problem;
  try {
    return await fileContentProblem(file, mimeType, documentTypeLabel(mimeType, file.name));
  } catch {
    return `Não foi possível ler o arquivo "${file.name}".`;
  }
}

export default function DocumentsPanel({ projectId }: Props) {
  const [documents, setDocuments] = useState<ProjectDocument[]>([]);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [loadError, setLoadError] = useState('');
  const [me, setMe] = useState<{ id: string; isAdmin: boolean } | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function load(quiet = false) {
    if (!quiet) setState('loading');
    try {
      const [rows, who] = await Promise.all([listProjectDocuments(projectId), currentUser()]);
      setDocuments(rows);
      setMe(who);
      setState('ready');
    } catch (e) {
      if (quiet) {
        toast({ title: 'Erro ao carregar documentos', description: errorMessage(e), variant: 'destructive' });
        return;
      }
      setLoadError(errorMessage(e, 'Não foi possível carregar os documentos.'));
      setState('error');
    }
  }

  useEffect(() => {
    void load();
  }, [projectId]);

  const ready = state === 'ready';
  const live = useMemo<LiveBinding[] | null>(
    () => (ready ? [{ table: 'project_documents', filter: `project_id=eq.${projectId}` }] : null),
    [ready, projectId],
  );
  useLiveTable('project-documents', live, {
    // The whole list is read again (it is not paged): rows are the server's, each once.
    refresh: () => void listProjectDocuments(projectId).then(setDocuments, () => undefined),
  });

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function send(upload: Upload) {
    patch(upload.key, { status: 'sending', progress: 0, message: '' });
    try {
      await uploadProjectDocument({
        projectId,
        documentId: upload.documentId,
        file: upload.file,
        onProgress: (sent, total) => patch(upload.key, { progress: total > 0 ? Math.min(99, Math.round((sent / total) * 100)) : 0 }),
      });
      patch(upload.key, { status: 'done', progress: 100 });
      await load(true);
    } catch (e) {
      patch(upload.key, { status: 'failed', message: errorMessage(e, `Não foi possível enviar "${upload.file.name}".`) });
    }
  }

  async function choose(files: File[]) {
    const problems = await Promise.all(files.map(uploadProblem));
    const added: Upload[] = files.map((file, i) => {
      const problem = problems[i];
      return {
        key: newId(),
        documentId: newId(),
        file,
        name: file.name,
        size: file.size,
        status: problem ? 'refused' : 'sending',
        progress: 0,
        message: problem ?? '',
      };
    });
    // Finished uploads make room for the new ones; failures stay until retried or dismissed.
    setUploads((current) => [...current.filter((u) => u.status !== 'done'), ...added]);
    for (const upload of added) if (upload.status === 'sending') void send(upload);
  }

  async function download(id: string) {
    const doc = documents.find((d) => d.id === id);
    if (!doc || downloading) return;
    setDownloading(id);
    try {
      saveAs(await downloadProjectDocument(doc), doc.name);
    } catch (e) {
      toast({ title: 'Erro ao baixar documento', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  }

  const removal = useConfirmDelete<ProjectDocument>(
    async (doc) => {
      await deleteProjectDocument(doc);
      setDocuments((current) => current.filter((d) => d.id !== doc.id));
      toast({ title: 'Documento excluído', description: `"${doc.name}" foi excluído.` });
    },
    { title: 'Erro ao excluir documento' },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Documentos</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state === 'loading' && <ListLoading label="Carregando documentos..." />}
        {state === 'error' && <ListError message={loadError} onRetry={() => void load()} />}
        {state === 'ready' && documents.length === 0 && <p className="text-sm text-slate-500">Nenhum documento ainda.</p>}
        {state === 'ready' && documents.length > 0 && (
          <DocumentList
            documents={documents.map((d) => ({
              id: d.id,
              name: d.name,
              mimeType: d.mime_type,
              size: d.size_bytes,
              createdAt: d.created_at,
              uploader: d.uploader?.full_name || (d.uploaded_by ? 'Usuário' : 'Usuário removido'),
              canDelete: me !== null && (me.isAdmin || d.uploaded_by === me.id),
            }))}
            downloading={downloading}
            onDownload={(id) => void download(id)}
            onDelete={(id) => {
              const doc = documents.find((d) => d.id === id);
              if (doc) removal.ask(doc);
            }}
          />
        )}
        <DocumentDropZone onFiles={(files) => void choose(files)} />
        <UploadList
          items={uploads}
          onRetry={(key) => {
            const upload = uploads.find((u) => u.key === key);
            if (upload) void send(upload);
          }}
          onDismiss={(key) => setUploads((current) => current.filter((u) => u.key !== key))}
        />
      </CardContent>

      <ConfirmDelete
        {...removal.dialog}
        title="Excluir documento?"
        description={`"${removal.toDelete?.name ?? ''}" será excluído do projeto para todos. Esta ação não pode ser desfeita.`}
        fallbackFocus={() => document.querySelector<HTMLElement>('[data-testid="document-drop-zone"] button')}
      />
    </Card>
  );
}
