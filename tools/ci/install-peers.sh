#!/usr/bin/env bash
# Installs the Debian packages the interop tests use as real peers, where they are missing (needs root and apt).
set -uo pipefail
need=()
/usr/bin/python3 -c 'from gnuradio import zeromq, blocks' 2>/dev/null || need+=(gnuradio python3-zmq)
command -v sox >/dev/null || need+=(sox)
command -v SoapySDRUtil >/dev/null || need+=(soapysdr-tools libsoapysdr-dev)
[[ ${#need[@]} -eq 0 ]] && { echo "install-peers: all test peers present"; exit 0; }
[[ $(id -u) -eq 0 ]] || { echo "install-peers: not root, cannot install ${need[*]}"; exit 1; }
command -v apt-get >/dev/null || { echo "install-peers: no apt-get, cannot install ${need[*]}"; exit 1; }
echo "install-peers: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
