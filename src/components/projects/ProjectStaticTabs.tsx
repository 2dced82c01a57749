// 'Atualizações' and 'Documentos' tabs of the project detail: they receive no data and have
// no behaviour, so they show their empty list and disabled controls.
import { Download, FileText, Upload } from 'lucide-react';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';
import { Textarea } from '../ui/Textarea';

export function ProjectUpdatesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atualizações</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-500">Nenhuma atualização ainda.</p>
        <Textarea aria-label="Nova atualização" placeholder="Adicionar uma nova atualização..." rows={3} disabled />
        <div>
          <Button disabled>Adicionar Atualização</Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function ProjectDocumentsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Documentos</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <FileText aria-hidden="true" className="h-4 w-4" />
          Nenhum documento ainda.
        </p>
        <div className="flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-slate-300 px-4 py-8 text-center">
          <Upload aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="text-sm text-slate-600">Arraste e solte arquivos aqui ou clique para fazer upload</p>
          <Button variant="outline" disabled>
            <Download aria-hidden="true" className="h-4 w-4 rotate-180" />
            Selecionar Arquivo
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
