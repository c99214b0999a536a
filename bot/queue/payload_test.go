package queue

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver, to look at the tables
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/bot/internal/webhooktest"
	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/testwait"
)

// queueDB is a second connection to a queue's database, to look at its tables and to make a
// write in it fail, as a full disk or a constraint would.
type queueDB struct {
	t       *testing.T
	db      *sql.DB
	dialect string
}

func (d queueDB) exec(q string, args ...any) {
	d.t.Helper()
	if _, err := d.db.Exec(q, args...); err != nil {
		d.t.Fatalf("%s: %v", q, err)
	}
}

// strings runs a query of one text column.
func (d queueDB) strings(q string) []string {
	d.t.Helper()
	rows, err := d.db.Query(q)
	if err != nil {
		d.t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			d.t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		d.t.Fatal(err)
	}
	return out
}

// stored lists the delivery ids with a delivery job, and those with a payload.
func (d queueDB) stored() (jobs, payloads []string) {
	d.t.Helper()
	for _, args := range d.strings(`SELECT ` + d.argsText() + ` FROM river_job WHERE kind = '` + deliveryKind + `'`) {
		id, err := deliveryIDOf([]byte(args))
		if err != nil {
			d.t.Fatal(err)
		}
		jobs = append(jobs, id)
	}
	slices.Sort(jobs)
	return jobs, d.strings(`SELECT delivery_id FROM ` + payloadTable + ` ORDER BY delivery_id`)
}

// argsText is river_job.args as JSON text (River's SQLite driver stores it as JSONB).
func (d queueDB) argsText() string {
	if d.dialect == "sqlite" {
		return "json(args)"
	}
	return "args::text"
}

// refuse makes the database refuse to store the payload of delivery id: the intake's
// transaction fails after River inserted the jobs in it.
func (d queueDB) refuse(id string) {
	d.t.Helper()
	if d.dialect == "sqlite" {
		d.exec(`CREATE TRIGGER refuse_payload BEFORE INSERT ON ` + payloadTable + ` WHEN NEW.delivery_id = '` + id +
			`' BEGIN SELECT RAISE(ABORT, 'disk full'); END`)
		return
	}
	d.exec(`CREATE FUNCTION refuse_payload() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
		IF NEW.delivery_id = '` + id + `' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`)
	d.exec(`CREATE TRIGGER refuse_payload BEFORE INSERT ON ` + payloadTable + ` FOR EACH ROW EXECUTE FUNCTION refuse_payload()`)
}

// allow undoes refuse.
func (d queueDB) allow() {
	d.t.Helper()
	d.exec(`DROP TRIGGER refuse_payload` + map[string]string{"sqlite": "", "postgres": " ON " + payloadTable}[d.dialect])
}

// queuesWithDB opens the test queues (as queues does) with a second connection to each one's
// database; w runs the jobs.
func queuesWithDB(t *testing.T, w Worker, cfg Config) map[string]func(t *testing.T) (*Queue, queueDB) {
	open := func(t *testing.T, q *Queue, err error, driver, where, dialect string) (*Queue, queueDB) {
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(q.Close)
		db, err := sql.Open(driver, where)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return q, queueDB{t: t, db: db, dialect: dialect}
	}
	return map[string]func(t *testing.T) (*Queue, queueDB){
		"sqlite": func(t *testing.T) (*Queue, queueDB) {
			path := filepath.Join(t.TempDir(), "queue.db")
			q, err := OpenSQLite(t.Context(), path, w, cfg)
			return open(t, q, err, "sqlite", path, "sqlite")
		},
		"postgres": func(t *testing.T) (*Queue, queueDB) {
			url := pgtest.Schema(t)
			q, err := OpenPostgres(t.Context(), url, w, cfg)
			return open(t, q, err, "pgx", url, "postgres")
		},
	}
}

// A job's arguments carry the delivery id and not the payload; the payload is in the queue's
// table, kept while its job or a rescue job of it is (the prune leaves it however old it is)
// and pruned once River's cleaner has deleted both.
func TestPayloadIsStoredBesideItsJob(t *testing.T) {
	for name, open := range queuesWithDB(t, idle, Config{}) {
		t.Run(name, func(t *testing.T) {
			q, db := open(t)
			payload := []byte(`{"x":"\u0000 and é"}`)
			if _, err := q.Enqueue(t.Context(), webhook.Delivery{Event: "issue_comment", ID: "d-1", Installation: 1, Payload: payload}); err != nil {
				t.Fatal(err)
			}
			for _, args := range db.strings(`SELECT ` + db.argsText() + ` FROM river_job`) {
				if strings.Contains(args, "payload") {
					t.Errorf("job arguments %s carry the payload", args)
				}
			}
			got, err := q.payloads.get(t.Context(), "d-1")
			if err != nil || !bytes.Equal(got, payload) {
				t.Errorf("stored payload %q (%v), want %q", got, err, payload)
			}
			later := time.Now().Add(365 * 24 * time.Hour)
			if n, err := q.prune(t.Context(), later); err != nil || n != 0 {
				t.Errorf("prune while the job is kept: %d deleted (%v), want 0", n, err)
			}
			jobIDs := db.strings(`SELECT CAST(id AS TEXT) FROM river_job`)
			if len(jobIDs) != 1 {
				t.Fatalf("jobs %v, want one", jobIDs)
			}
			// A rescue job of it (cancelled, as a rescued job's row is) keeps the payload after
			// River's cleaner deleted the job it rescued (what it does after Config.Remember).
			db.exec(`INSERT INTO river_job (kind, args, max_attempts, priority, queue, state, finalized_at)
				VALUES ('` + rescueKind + `', '{"original":` + jobIDs[0] + `}', 5, 1, 'default', 'cancelled', CURRENT_TIMESTAMP)`)
			db.exec(`DELETE FROM river_job WHERE kind = '` + deliveryKind + `'`)
			if n, err := q.prune(t.Context(), later); err != nil || n != 0 {
				t.Errorf("prune while a rescue job carries it: %d deleted (%v), want 0", n, err)
			}
			db.exec(`DELETE FROM river_job`)
			if n, err := q.prune(t.Context(), time.Now().Add(-time.Hour)); err != nil || n != 0 {
				t.Errorf("prune of a payload younger than its cutoff: %d deleted (%v), want 0", n, err)
			}
			if n, err := q.prune(t.Context(), later); err != nil || n != 1 {
				t.Errorf("prune of the orphan: %d deleted (%v), want 1", n, err)
			}
			if _, payloads := db.stored(); len(payloads) != 0 {
				t.Errorf("payloads left: %v", payloads)
			}
		})
	}
}

// A batch whose transaction fails after River inserted its jobs (the payload of one delivery
// is refused) fails every delivery in it and leaves none of them: no job, no payload. Once the
// database takes writes again, the same deliveries are stored, none a duplicate.
func TestFailedBatchLeavesNoJobAndNoPayload(t *testing.T) {
	for name, open := range queuesWithDB(t, idle, Config{}) {
		t.Run(name, func(t *testing.T) {
			q, db := open(t)
			db.refuse("d-2")
			g := gate(q)
			ids := []string{"d-0", "d-1", "d-2", "d-3"}
			later := burst(t, q, g, ids)
			if want := []int{1, 4}; !slices.Equal(g.sizes, want) {
				t.Fatalf("transactions of %v deliveries, want %v", g.sizes, want)
			}
			for _, w := range later {
				if w.err == nil || !strings.Contains(w.err.Error(), "disk full") || w.dup {
					t.Errorf("delivery %s: dup=%v err=%v, want the batch's error", w.args.DeliveryID, w.dup, w.err)
				}
			}
			jobs, payloads := db.stored()
			if want := []string{"first"}; !slices.Equal(jobs, want) || !slices.Equal(payloads, want) {
				t.Errorf("stored jobs %v and payloads %v, want only the first delivery's", jobs, payloads)
			}
			db.allow()
			for _, id := range ids {
				if dup, err := q.Enqueue(t.Context(), webhook.Delivery{Event: "issue_comment", ID: id, Installation: 1, Payload: []byte(`{}`)}); err != nil || dup {
					t.Errorf("redelivery of %s: dup=%v err=%v", id, dup, err)
				}
			}
			jobs, payloads = db.stored()
			if want := []string{"d-0", "d-1", "d-2", "d-3", "first"}; !slices.Equal(jobs, want) || !slices.Equal(payloads, want) {
				t.Errorf("stored jobs %v and payloads %v, want %v", jobs, payloads, want)
			}
		})
	}
}

// The webhook answers 503 to a delivery whose transaction failed, and stores nothing of it;
// GitHub's redelivery is then answered 202 and stored.
func TestWebhookAnswers503WhenItsTransactionFails(t *testing.T) {
	for name, open := range queuesWithDB(t, idle, Config{}) {
		t.Run(name, func(t *testing.T) {
			q, db := open(t)
			h, err := webhook.New([]byte(webhooktest.Secret), q, []string{"issue_comment"}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			body := webhooktest.CommandPayload(t, "/war-room help")
			db.refuse("d-1")
			if got := deliverTo(t, h, "d-1", body); got != http.StatusServiceUnavailable {
				t.Errorf("delivery while the payload is refused: %d, want 503", got)
			}
			if jobs, payloads := db.stored(); len(jobs)+len(payloads) != 0 {
				t.Errorf("a failed delivery left jobs %v and payloads %v", jobs, payloads)
			}
			db.allow()
			if got := deliverTo(t, h, "d-1", body); got != http.StatusAccepted {
				t.Errorf("redelivery: %d, want 202", got)
			}
			if jobs, payloads := db.stored(); !slices.Equal(jobs, []string{"d-1"}) || !slices.Equal(payloads, []string{"d-1"}) {
				t.Errorf("stored jobs %v and payloads %v, want d-1's", jobs, payloads)
			}
		})
	}
}

// deliverTo posts one signed issue_comment delivery to h and returns the status.
func deliverTo(t *testing.T, h http.Handler, id string, body []byte) int {
	t.Helper()
	return webhooktest.Post(t, h, "issue_comment", id, body, webhook.Sign([]byte(webhooktest.Secret), body)).Code
}

// payloadSeen is a worker that hands every payload it runs to seen.
func payloadSeen(seen chan<- []byte) Worker {
	return WorkerFunc(func(_ context.Context, job Job) error {
		seen <- job.Delivery.Payload
		return nil
	})
}

// intakeChildEnv names the queue file of TestIntakeChild's process.
const intakeChildEnv = "WAR_ROOM_TEST_INTAKE_CHILD"

// TestIntakeChild is the process TestAckedDeliveryIsWorkedAfterTheProcessIsKilled kills: the
// webhook on a SQLite queue with no worker running, on loopback, until it is killed.
func TestIntakeChild(t *testing.T) {
	path := os.Getenv(intakeChildEnv)
	if path == "" {
		t.Skip("the child process of TestAckedDeliveryIsWorkedAfterTheProcessIsKilled")
	}
	q, err := OpenSQLite(context.Background(), path, idle, Config{})
	if err != nil {
		t.Fatal(err)
	}
	h, err := webhook.New([]byte(webhooktest.Secret), q, []string{"issue_comment"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("listening %s\n", ln.Addr())
	t.Fatal(http.Serve(ln, h))
}

// A delivery acknowledged 202 by a process that is then killed (SIGKILL, its workers never
// started) is worked by the next process on the same queue file, with the payload it was sent.
func TestAckedDeliveryIsWorkedAfterTheProcessIsKilled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "queue.db")
	child := exec.Command(os.Args[0], "-test.run=^TestIntakeChild$")
	child.Env = append(os.Environ(), intakeChildEnv+"="+path)
	child.Stderr = os.Stderr
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	t.Cleanup(func() {
		if !killed {
			child.Process.Kill()
			child.Wait()
		}
	})
	lines := bufio.NewScanner(out)
	var addr string
	for addr == "" && lines.Scan() {
		addr, _ = strings.CutPrefix(lines.Text(), "listening ")
	}
	if addr == "" {
		t.Fatalf("the child process did not listen: %v", lines.Err())
	}
	body := webhooktest.CommandPayload(t, "/war-room Should we move the job queue into PostgreSQL?")
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, "http://"+addr+"/webhook", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(webhook.EventHeader, "issue_comment")
	req.Header.Set(webhook.DeliveryHeader, "d-killed")
	req.Header.Set(webhook.SignatureHeader, webhook.Sign([]byte(webhooktest.Secret), body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("delivery: %d, want 202", resp.StatusCode)
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	child.Wait()
	killed = true

	seen := make(chan []byte, 1)
	q, err := OpenSQLite(t.Context(), path, payloadSeen(seen), Config{Poll: 20 * time.Millisecond, StopGrace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if err := q.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(context.Background())
	if got := <-seen; !bytes.Equal(got, body) {
		t.Errorf("the job ran with a payload of %d bytes, want the %d delivered", len(got), len(body))
	}
	testwait.Until(t, "the job completes", func() bool { return q.done(t.Context(), t, "d-killed") })
}

// A job queued by a build that kept the payload in the arguments runs with that payload; a
// job whose payload is gone is cancelled, naming its delivery, rather than retried.
func TestStoredWorkerPayloads(t *testing.T) {
	seen := make(chan []byte, 1)
	w := &deliveryWorker{worker: payloadSeen(seen), payloads: noPayloads{}, log: slog.New(slog.DiscardHandler)}
	job := func(a deliveryArgs) *river.Job[deliveryArgs] {
		return &river.Job[deliveryArgs]{JobRow: &rivertype.JobRow{ID: 7, Attempt: 1, MaxAttempts: MaxAttempts}, Args: a}
	}
	old := deliveryArgs{Event: "issue_comment", DeliveryID: "d-old", Installation: 1, Payload: []byte(`{"old":true}`)}
	if err := w.Work(t.Context(), job(old)); err != nil {
		t.Fatalf("a job with its payload in the arguments: %v", err)
	}
	if got := <-seen; string(got) != `{"old":true}` {
		t.Errorf("ran with %s", got)
	}
	err := w.Work(t.Context(), job(deliveryArgs{Event: "issue_comment", DeliveryID: "d-gone", Installation: 1}))
	var cancel *rivertype.JobCancelError
	if !errors.As(err, &cancel) || !errors.Is(err, errNoPayload) || !strings.Contains(err.Error(), "d-gone") {
		t.Errorf("a job whose payload is gone: %v, want it cancelled with errNoPayload naming d-gone", err)
	}
}

// noPayloads is a queue database that holds no payload.
type noPayloads struct{}

func (noPayloads) get(context.Context, string) ([]byte, error) { return nil, errNoPayload }
