package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

func init() {
	register(command{name: "health", run: runHealth})
}

// runHealth is a container's health probe: the App image has no shell and no HTTP client of
// its own, so the binary asks its own server. Exit 0 when /healthz answers 200, else 1.
func runHealth(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "health", "[flags]")
	addr := fs.String("addr", ":8080", "the address war-room serve listens on (its --addr); an empty host is 127.0.0.1")
	timeout := fs.Duration("timeout", 5*time.Second, "how long to wait for the answer")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErr("health takes no arguments")
	}
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return usageErr("--addr %q: %v", *addr, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	url := "http://" + net.JoinHostPort(host, port) + "/healthz"
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("GET %s: %w", url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s %s", url, resp.Status, strings.TrimSpace(string(body)))
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", url, strings.TrimSpace(string(body)))
	return nil
}
