package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/internal/pgtest"
)

// Load figures of TestServeThreeReplicasUnderLoad.
const (
	loadDeliveries = 1000
	loadCommands   = 20
	loadDuplicates = 10 // 5 redelivered under the same id, 5 replayed under a new one
	loadSenders    = 16 // deliveries in flight at once
)

// replicaProxy stands between one replica and the fake GitHub, so that the test knows which
// replica sent a request: it counts them, and can kill its replica when the replica first
// publishes a discussion.
type replicaProxy struct {
	srv      *httptest.Server
	requests atomic.Int64
	kill     atomic.Pointer[func()]
}

func newReplicaProxy(t *testing.T, target string) *replicaProxy {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &replicaProxy{}
	rp := httputil.NewSingleHostReverseProxy(u)
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.requests.Add(1)
		if k := p.kill.Load(); k != nil && r.URL.Path == "/graphql" && r.Method == http.MethodPost {
			// DumpRequest reads the body and puts a copy back for the proxy.
			if raw, err := httputil.DumpRequest(r, true); err == nil && strings.Contains(string(raw), "createDiscussion") {
				if p.kill.CompareAndSwap(k, nil) { // once: the restarted replica publishes through this proxy too
					(*k)()
				}
				http.Error(w, "the replica is gone", http.StatusBadGateway)
				return
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// TestServeThreeReplicasUnderLoad: three `war-room serve` replicas on one PostgreSQL database
// take 1,000 signed deliveries spread across them — 20 /war-room commands, 10 duplicate
// deliveries of commands (5 under the same delivery id, 5 replayed under a new one) and
// ordinary comments — while one replica is killed with SIGKILL as it starts publishing a
// decision, and started again. Every command ends with exactly one published decision and one
// reply, nothing is lost and nothing is done twice (one session per command, every provider
// call once), and the killed replica's work is finished by the replicas that live. The ack
// latencies are logged (go test -v); nothing is asserted about speed.
func TestServeThreeReplicasUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	w := newActionWorld(t, writesConfig(t, "10ms"))
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	files := newAppFiles(t)
	files.databaseURL = pgtest.Schema(t)

	proxies := make([]*replicaProxy, 3)
	replicas := make([]*appServer, 3)
	start := func(i int) {
		env := []string{"GITHUB_API_URL=" + proxies[i].srv.URL, "GITHUB_GRAPHQL_URL=" + proxies[i].srv.URL + "/graphql"}
		replicas[i] = startServeEnv(t, w, files, env, "--allow-local-providers", "--lease-ttl", rescueLease)
	}
	for i := range proxies {
		proxies[i] = newReplicaProxy(t, w.f.URL())
	}
	// Replica 2 starts first and gets the first command, so that it surely runs a job; it is
	// killed when it first creates a discussion, before GitHub sees it.
	start(1)
	victim := replicas[1]
	kill := func() { victim.cmd.Process.Kill() }
	proxies[1].kill.Store(&kill)

	type delivery struct {
		id    string
		event []byte
	}
	var commands []delivery
	issues := make([]int, loadCommands)
	for i := range loadCommands {
		issues[i] = w.f.AddIssue(aRepo, 0, fmt.Sprintf("Queue backend %d", i), "We run Redis only for the job queue.", "alice")
		body := fmt.Sprintf("/war-room Should service %d move its job queue into PostgreSQL?", i)
		id := w.comment("alice", issues[i], body)
		commands = append(commands, delivery{id: fmt.Sprintf("cmd-%d", i), event: appEvent(t, w, issues[i], id, body)})
	}
	if got := victim.deliver("issue_comment", commands[0].id, commands[0].event, appSecret); got != http.StatusAccepted {
		t.Fatalf("first command: %d\n%s", got, victim.log())
	}
	start(0)
	start(2)

	all := append([]delivery(nil), commands[1:]...)
	for i := range loadDuplicates {
		d := commands[i]
		if i%2 == 1 {
			d.id += "-replayed" // the same comment under another delivery id
		}
		all = append(all, d)
	}
	for i := 0; len(all) < loadDeliveries-1; i++ {
		n := issues[i%loadCommands]
		all = append(all, delivery{id: fmt.Sprintf("noise-%d", i),
			event: appEvent(t, w, n, int64(900000+i), fmt.Sprintf("Thanks, looking at this (%d).", i))})
	}

	var (
		mu      sync.Mutex
		acks    []time.Duration
		refused []string
	)
	// An id sent twice is answered 202 once and 200 (a duplicate) once, in either order.
	sent := map[string]int{commands[0].id: 1}
	for _, d := range all {
		sent[d.id]++
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range loadSenders {
		wg.Go(func() {
			for i := range work {
				d := all[i]
				began := time.Now()
				code, err := replicas[i%3].tryDeliver("issue_comment", d.id, d.event, appSecret)
				again := err != nil
				if again { // the killed replica (which may have stored it): the next one takes it, as a balancer would
					code, err = replicas[(i+1)%3].tryDeliver("issue_comment", d.id, d.event, appSecret)
				}
				took := time.Since(began)
				mu.Lock()
				acks = append(acks, took)
				if err != nil || code != http.StatusAccepted && (code != http.StatusOK || sent[d.id] < 2 && !again) {
					refused = append(refused, fmt.Sprintf("%s: %d %v", d.id, code, err))
				}
				mu.Unlock()
			}
		})
	}
	for i := range all {
		work <- i
	}
	close(work)
	wg.Wait()
	if len(refused) > 0 {
		t.Fatalf("deliveries not accepted: %v", refused)
	}

	eventually(t, replicas[0], "the second replica is killed as it publishes", func() bool {
		select {
		case <-victim.done:
			return true
		default:
			return false
		}
	})
	victim.cmd.Wait()
	start(1) // restarted, as a supervisor would

	for _, n := range issues {
		eventually(t, replicas[0], fmt.Sprintf("the command on #%d ends", n), func() bool { return replied(w, n) })
	}
	eventually(t, replicas[0], "every job ends", func() bool { return pgUnfinishedJobs(t, files.databaseURL) == 0 })

	decisions := map[string]int{}
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title == discussions.LogTitle {
			continue
		}
		m, _ := discussions.ParseMarker(d.Body)
		decisions[m.Session]++
	}
	if len(decisions) != loadCommands {
		t.Errorf("%d decisions published, want one per command (%d)", len(decisions), loadCommands)
	}
	for s, c := range decisions {
		if c != 1 {
			t.Errorf("session %s published %d discussions", s, c)
		}
	}
	for _, n := range issues {
		var progress, replies int
		for _, c := range commentsBy(w, n, appLogin) {
			if _, ok := thread.ParseState(c.Body); ok {
				progress++
			} else if strings.HasPrefix(c.Body, "<!-- war-room:reply ") {
				replies++
			}
		}
		if progress != 1 || replies != 1 {
			t.Errorf("#%d: %d progress comments and %d replies, want one of each", n, progress, replies)
		}
	}
	if got := len(ledgerRows(t, files.databaseURL)); got != loadCommands*5 {
		t.Errorf("%d provider calls, want %d: five per command, none repeated", got, loadCommands*5)
	}
	if got := pgRescues(t, files.databaseURL); got == 0 {
		t.Error("no job was rescued from the killed replica")
	}

	slices.Sort(acks)
	t.Logf("%d deliveries to 3 replicas, %d at a time: ack p50 %v, p99 %v, max %v; GitHub requests per replica %d/%d/%d",
		len(acks), loadSenders, acks[len(acks)/2], acks[len(acks)*99/100], acks[len(acks)-1],
		proxies[0].requests.Load(), proxies[1].requests.Load(), proxies[2].requests.Load())
}

// replied reports whether the command on issue n has its reply and rocket.
func replied(w *actionWorld, n int) bool {
	reply, rocket := false, false
	for _, c := range w.f.IssueComments(aRepo, n) {
		if c.Author == appLogin && strings.HasPrefix(c.Body, "<!-- war-room:reply ") {
			reply = true
		}
		if c.Author == "alice" && strings.HasPrefix(c.Body, "/war-room ") {
			for _, r := range w.f.Reactions(c.NodeID) {
				rocket = rocket || r.Content == "rocket"
			}
		}
	}
	return reply && rocket
}

// pgUnfinishedJobs counts jobs still to run or running for a live process (an abandoned row,
// cancelled by a rescue, waits for River's own rescuer and does not count).
func pgUnfinishedJobs(t *testing.T, dbURL string) int {
	return pgCount(t, dbURL, `SELECT count(*) FROM river_job WHERE state IN ('available', 'pending', 'retryable', 'scheduled')
		OR (state = 'running' AND NOT metadata ? 'cancel_attempted_at')`)
}

// pgRescues counts the rescue jobs that completed.
func pgRescues(t *testing.T, dbURL string) int {
	return pgCount(t, dbURL, `SELECT count(*) FROM river_job WHERE kind = 'github_delivery_rescue' AND state = 'completed'`)
}

func pgCount(t *testing.T, dbURL, query string) int {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
