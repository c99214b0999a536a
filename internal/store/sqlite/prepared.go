package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// prepared holds the statements a run executes at every call (its ledger rows, its steps,
// its artifacts), compiled once on the writer's connection instead of at every execution.
// They run exactly the SQL they replace, on their own or inside PutStepWithLedger's transaction.
type prepared struct {
	appendLedger, putStep, putArtifact *sql.Stmt
}

func (p *prepared) prepare(ctx context.Context, db *sql.DB) error {
	for _, st := range []struct {
		to  **sql.Stmt
		sql string
	}{{&p.appendLedger, appendLedgerSQL}, {&p.putStep, putStepSQL}, {&p.putArtifact, putArtifactSQL}} {
		stmt, err := db.PrepareContext(ctx, st.sql)
		if err != nil {
			p.close()
			return fmt.Errorf("prepare: %w", err)
		}
		*st.to = stmt
	}
	return nil
}

// close closes the statements; closing twice is harmless.
func (p *prepared) close() error {
	var errs []error
	for _, st := range []**sql.Stmt{&p.appendLedger, &p.putStep, &p.putArtifact} {
		if *st != nil {
			errs = append(errs, (*st).Close())
			*st = nil
		}
	}
	return errors.Join(errs...)
}
