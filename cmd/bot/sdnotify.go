package main

import (
	"context"
	"net"
	"os"
	"strconv"
	"time"
)

// sdNotify tells systemd the service's state (Type=notify: READY=1, STOPPING=1, WATCHDOG=1,
// STATUS=...) over the datagram socket it names in NOTIFY_SOCKET; outside systemd it does
// nothing. The protocol is one datagram of newline-separated assignments (sd_notify(3)).
func sdNotify(state string) error {
	path := os.Getenv("NOTIFY_SOCKET")
	if path == "" {
		return nil
	}
	if path[0] == '@' {
		path = "\x00" + path[1:] // an abstract socket
	}
	conn, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write([]byte(state))
	return err
}

// watchdogEvery is how often systemd's watchdog wants to hear from the service (WatchdogSec=,
// which it passes as WATCHDOG_USEC to the process it is meant for): half its timeout, as
// sd_watchdog_enabled(3) advises. 0 when the watchdog is off.
func watchdogEvery() time.Duration {
	usec, err := strconv.ParseInt(os.Getenv("WATCHDOG_USEC"), 10, 64)
	if err != nil || usec <= 0 {
		return 0
	}
	if pid, err := strconv.Atoi(os.Getenv("WATCHDOG_PID")); err == nil && pid != os.Getpid() {
		return 0
	}
	return time.Duration(usec) * time.Microsecond / 2
}

// watchdog pings systemd's watchdog every period while alive says the process is well (its
// loops tick): a process whose loop is stuck stops pinging, and systemd restarts it.
func watchdog(ctx context.Context, period time.Duration, alive func() error) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if alive() == nil {
				_ = sdNotify("WATCHDOG=1")
			}
		}
	}
}
