package reason

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/war-room/war-room/engine"
)

// ledgerFile is the call ledger's file name in an exported run directory.
const ledgerFile = "LEDGER.jsonl"

// Export writes a session's run directory: every input verbatim (QUESTION.md, …) with
// INPUTS.sha256, every stored artifact (the manifest RUN.json, each role's artifact, the
// synthesis or CHAIN_FAILURE.md, decision.json) and the call ledger as JSON lines.
func Export(ctx context.Context, st engine.Store, sessionID, dir string) error {
	s, err := st.GetSession(ctx, sessionID)
	if err != nil {
		return fmt.Errorf("export %s: %w", sessionID, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("export %s: %w", sessionID, err)
	}
	var sums strings.Builder
	for _, in := range s.Inputs {
		if err := writeFile(dir, in.Name+".md", []byte(in.Text)); err != nil {
			return err
		}
		fmt.Fprintf(&sums, "%s  %s.md\n", in.SHA256, in.Name)
	}
	if err := writeFile(dir, "INPUTS.sha256", []byte(sums.String())); err != nil {
		return err
	}
	arts, err := st.Artifacts(ctx, sessionID)
	if err != nil {
		return fmt.Errorf("export %s: artifacts: %w", sessionID, err)
	}
	for _, a := range arts {
		if err := writeFile(dir, a.Name, a.Body); err != nil {
			return err
		}
	}
	return exportLedger(ctx, st, sessionID, dir)
}

func exportLedger(ctx context.Context, st engine.Store, sessionID, dir string) error {
	entries, err := st.Ledger(ctx, sessionID)
	if err != nil {
		return fmt.Errorf("export %s: ledger: %w", sessionID, err)
	}
	var b strings.Builder
	for _, e := range entries {
		line, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("export %s: ledger: %w", sessionID, err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return writeFile(dir, ledgerFile, []byte(b.String()))
}

// writeFile refuses names that would leave dir: artifact names are chosen by protocol code,
// but a store is data and is not trusted to hold only those.
func writeFile(dir, name string, body []byte) error {
	if name != filepath.Base(name) || name == "." || name == ".." || strings.ContainsRune(name, '\\') {
		return fmt.Errorf("export: refusing artifact name %q", name)
	}
	if err := os.WriteFile(filepath.Join(dir, name), body, 0o600); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
