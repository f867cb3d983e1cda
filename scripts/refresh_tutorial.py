#!/usr/bin/env python3
"""Re-quotes the code blocks of docs/your-own-game.md from the files they name (each
block whose first line is `// examples/...` or `# examples/...`): a block keeps its first
and last lines as anchors and takes the lines between them from the file as they are
now. Run it when tests/tutorial.rs fails after an edit of the example, then read the
diff: the prose around a block may need the same change.

Usage: python3 scripts/refresh_tutorial.py   (from the repository root)
"""
import re

p='docs/your-own-game.md'; s=open(p).read()
out=[]; lines=s.split('\n'); i=0
while i<len(lines):
    l=lines[i]; out.append(l)
    if l.startswith('```') and len(l)>3 and i+1<len(lines) and re.match(r'(// |# )(examples|fuzz)/',lines[i+1]):
        path=lines[i+1].split(' ',1)[1]; out.append(lines[i+1])
        j=i+2; body=[]
        while not lines[j].startswith('```'): body.append(lines[j]); j+=1
        f=open(path).read().split('\n')
        first=body[0]; last=body[-1]
        a=f.index(first)
        b=a+ (len(body)-1)
        # find the end: the first line equal to `last` at the same or later index, at least len-1 on
        cand=[k for k in range(a,len(f)) if f[k]==last]
        b=min(cand, key=lambda k: abs(k-(a+len(body)-1)))
        out.extend(f[a:b+1])
        i=j; continue
    i+=1
open(p,'w').write('\n'.join(out))
