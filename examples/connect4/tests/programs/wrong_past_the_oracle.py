# A contestant for Connect Four 7 x 6 (argument: the connect4 binary): right everywhere
# the oracle reaches, one move off (remoteness + 1) on every open board with more than
# 20 empty cells, so only a case beyond the oracle shows its bug.
import re
import subprocess
import sys

data = sys.stdin.read()
lines = data.split("\n")
t = int(lines[0])
rows = [line for line in lines[1:] if line.strip()]
boards = [rows[i * 6:(i + 1) * 6] for i in range(t)]
ours = subprocess.run([sys.argv[1], "solve"], input=data, capture_output=True, text=True)
for board, answer in zip(boards, ours.stdout.split("\n")):
    empty = sum(row.count(".") for row in board)
    m = re.match(r"(win|loss|tie) in (\d+)$", answer)
    if empty > 20 and m and int(m.group(2)) > 0:
        answer = f"{m.group(1)} in {int(m.group(2)) + 1}"
    print(answer)
