import { useState } from 'react';
import { PlugZap } from 'lucide-react';
import type { TConnectionTestResult, TTestableSection } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { useConnectionTest } from './config-api';

const NOT_CONFIGURED_TITLE = 'Missing Configuration';

/**
 * "Test connection": the server makes a real call with the stored credentials and answers in
 * plain English, shown under the form until the next test. Without a saved configuration
 * there is nothing to test, which a toast says. A save clears the old result.
 */
export function useConnectionCheck(section: TTestableSection, configured: boolean, notConfiguredMessage: string) {
  const test = useConnectionTest(section);
  const [result, setResult] = useState<TConnectionTestResult | null>(null);

  function run() {
    if (!configured) {
      toast({ variant: 'destructive', title: NOT_CONFIGURED_TITLE, description: notConfiguredMessage });
      return;
    }
    setResult(null);
    test.mutate(undefined, {
      onSuccess: setResult,
      onError: (error) =>
        setResult({ ok: false, message: errorMessage(error, 'The connection test could not run. Please try again.') }),
    });
  }

  return { run, testing: test.isPending, result, clear: () => setResult(null) };
}

export function TestConnectionButton({ onClick, testing }: { onClick: () => void; testing: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={testing}>
      <PlugZap aria-hidden="true" />
      {testing ? 'Testing...' : 'Test connection'}
    </Button>
  );
}

export function TestResult({ result }: { result: TConnectionTestResult | null }) {
  if (!result) return null;
  return (
    <FormAlert tone={result.ok ? 'success' : 'error'}>
      <span className="font-semibold">{result.ok ? 'Connection successful. ' : 'Connection failed. '}</span>
      {result.message}
    </FormAlert>
  );
}
