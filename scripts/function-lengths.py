#!/usr/bin/env python3
"""Non-test functions of the Rust files under the given roots that are
longer than N lines, longest first (rustfmt-formatted code: a function runs
from its `fn` line to the closing brace at the same indentation; files named
tests.rs, folders named tests and `#[cfg(test)] mod` blocks are skipped).

usage: function-lengths.py N ROOT...   (e.g. `function-lengths.py 100 checker`)
"""
import re,sys,os
# report non-test fns over N lines in rust files (rustfmt-formatted code assumed)
N=int(sys.argv[1]); roots=sys.argv[2:]
fnre=re.compile(r'^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+"C"\s+)?fn\s+(\w+)')
out=[]
for root in roots:
  for dp,dn,fns in os.walk(root):
    if '/tests' in dp or dp.endswith('tests') : continue
    for f in fns:
      if not f.endswith('.rs') or f=='tests.rs': continue
      p=os.path.join(dp,f); L=open(p).read().split('\n')
      # find cfg(test) mod start line: skip after '#[cfg(test)]' followed by mod
      testfrom=len(L)
      for i,l in enumerate(L):
        if l.startswith('#[cfg(test)]') and i+1<len(L) and re.match(r'\s*(pub\s+)?mod\s',L[i+1]) and not L[i+1].rstrip().endswith(';'):
          testfrom=i;break
      for i,l in enumerate(L[:testfrom]):
        m=fnre.match(l)
        if not m: continue
        ind=m.group(1)
        # find closing line: first line == ind+'}' after i
        for j in range(i+1,len(L)):
          if L[j]==ind+'}':
            n=j-i+1
            if n>N: out.append((n,p,i+1,m.group(8)))
            break
          if L[j].startswith(ind) and L[j].rstrip().endswith(';') and j==i: break
for o in sorted(out,reverse=True): print(*o)
print(len(out),"functions over",N)
